import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FIELD_MESSAGES } from '../i18n/error-messages';
import { TRUCKS_ERROR_MESSAGES, TRUCKS_FIELD_MESSAGES } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe.each([
  { kind: 'errors', trucks: TRUCKS_ERROR_MESSAGES as Record<'en' | 'ar', Record<string, string>>, shared: ERROR_MESSAGES },
  { kind: 'fields', trucks: TRUCKS_FIELD_MESSAGES as Record<'en' | 'ar', Record<string, string>>, shared: FIELD_MESSAGES },
])('trucks $kind messages', ({ trucks, shared }) => {
  it('say the same thing in both languages, with the same placeholders', () => {
    expect(Object.keys(trucks.ar).sort()).toEqual(Object.keys(trucks.en).sort());
    for (const [code, english] of Object.entries(trucks.en)) {
      const arabic = trucks.ar[code]!;
      expect(placeholders(arabic), code).toEqual(placeholders(english));
      expect(arabic, code).toMatch(/[\u0621-\u064a]/);
    }
  });

  it('reach the shared catalogues, where no other feature took the same code', () => {
    for (const lang of ['en', 'ar'] as const) {
      for (const [code, message] of Object.entries(trucks[lang])) expect(shared[lang][code], `${lang} ${code}`).toBe(message);
    }
  });
});
