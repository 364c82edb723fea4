import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FIELD_MESSAGES } from './error-messages';
import { ORDERS_BOOKINGS_MESSAGES } from './orders-bookings-messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('orders and bookings messages', () => {
  const { en, ar } = ORDERS_BOOKINGS_MESSAGES;

  it('say the same thing in both languages, with the same placeholders', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [code, english] of Object.entries(en)) {
      const arabic = ar[code as keyof typeof ar];
      expect(placeholders(arabic), code).toEqual(placeholders(english));
      expect(arabic, code).toMatch(/[\u0621-\u064a]/);
      expect(english.trim(), code).not.toBe('');
    }
  });

  it('are merged into the shared catalogues, none overwritten by another catalogue’s code', () => {
    for (const lang of ['en', 'ar'] as const) {
      for (const [code, message] of Object.entries(ORDERS_BOOKINGS_MESSAGES[lang])) {
        expect(ERROR_MESSAGES[lang][code], `${lang} ${code}`).toBe(message);
        expect(FIELD_MESSAGES[lang][code], `${lang} ${code}`).toBe(message);
      }
    }
  });
});
