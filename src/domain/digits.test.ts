import { describe, expect, it } from 'vitest';
import { countFromText, normalizePhone, parseCount } from './digits';

describe('digits', () => {
  it('reads a phone in either digit system, grouped by spaces or dashes', () => {
    expect(normalizePhone('+٩٦٥ ٥٥٥١ ٢٣٤٥')).toBe('+96555512345');
    expect(normalizePhone('۰۰۹۶۵-۵۵۵۱-۲۳۴۵')).toBe('+96555512345');
    expect(normalizePhone('\u200e+965 (5551) 2345')).toBe('+96555512345');
    expect(normalizePhone('12ab')).toBe('12ab');
  });

  it('reads a whole count, or none', () => {
    expect(parseCount('٤٠')).toBe(40);
    expect(parseCount(' ۱۲۰ ')).toBe(120);
    expect(parseCount('40')).toBe(40);
    expect(parseCount('4.5')).toBeNull();
    expect(parseCount('')).toBeNull();
    expect(parseCount('٤٠ ضيف')).toBeNull();
  });

  it('leaves what is not a count for the schema to refuse', () => {
    expect(countFromText('٤٠')).toBe(40);
    expect(countFromText(7)).toBe(7);
    expect(countFromText('seven')).toBe('seven');
    expect(countFromText(undefined)).toBeUndefined();
  });
});
