import { describe, expect, it } from 'vitest';
import { unstorableTextIssues } from './validation';

const pathsOf = (value: unknown) => unstorableTextIssues(value).map((issue) => issue.path.join('.'));

describe('text no column can hold', () => {
  it('is found in strings at any depth and in object keys, each with its path', () => {
    expect(pathsOf({ name: 'a\u0000b', lines: [{ note: 'x\ud800' }, { note: '\udc00y' }], tags: { 'k\u0000': 'fine' } })).toEqual([
      'name',
      'lines.0.note',
      'lines.1.note',
      'tags.k\u0000',
    ]);
    expect(unstorableTextIssues('\u0000')[0]).toMatchObject({ code: 'custom', params: { code: 'invalid_characters' } });
  });

  it('lets every other text through: pairs of surrogates, Arabic, marks, control characters PostgreSQL stores', () => {
    expect(pathsOf({ name: '𝕏 مرحبا\u200f', note: '\u202eevil\u202c\ttab', at: new Date(0), n: 1, none: null })).toEqual([]);
  });
});
