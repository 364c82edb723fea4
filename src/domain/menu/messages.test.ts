import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FIELD_MESSAGES } from '../i18n/error-messages';
import { MENU_ERROR_MESSAGES, MENU_FIELD_MESSAGES } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe.each([
  { kind: 'errors', menu: MENU_ERROR_MESSAGES, shared: ERROR_MESSAGES },
  { kind: 'fields', menu: MENU_FIELD_MESSAGES, shared: FIELD_MESSAGES },
])('menu $kind messages', ({ menu, shared }) => {
  it('say the same thing in both languages, with the same placeholders', () => {
    expect(Object.keys(menu.ar).sort()).toEqual(Object.keys(menu.en).sort());
    for (const [code, english] of Object.entries(menu.en)) {
      const arabic = (menu.ar as Record<string, string>)[code]!;
      expect(placeholders(arabic), code).toEqual(placeholders(english));
      expect(arabic, code).toMatch(/[\u0621-\u064a]/);
    }
  });

  it('reach the shared catalogues, where no other feature took the same code', () => {
    for (const lang of ['en', 'ar'] as const) {
      for (const [code, message] of Object.entries(menu[lang])) expect(shared[lang][code], `${lang} ${code}`).toBe(message);
    }
  });
});
