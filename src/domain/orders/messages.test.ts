import { describe, expect, it } from 'vitest';
import { INTAKE_PROBLEM_CODES } from './contracts';
import { ERROR_MESSAGES, FIELD_MESSAGES } from '../i18n/error-messages';
import { ORDERS_ERROR_MESSAGES, ORDERS_FIELD_MESSAGES } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('orders messages', () => {
  it.each([
    ['errors', ORDERS_ERROR_MESSAGES],
    ['fields', ORDERS_FIELD_MESSAGES],
  ] as const)('%s say the same thing in both languages, with the same placeholders', (_name, catalogue) => {
    const { en, ar } = catalogue as { en: Record<string, string>; ar: Record<string, string> };
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [code, english] of Object.entries(en)) {
      expect(placeholders(ar[code]!), code).toEqual(placeholders(english));
      expect(ar[code], code).toMatch(/[\u0621-\u064a]/);
    }
  });

  it('word every answer intake can give, and every problem it reports on a field, in both languages', () => {
    const fieldCodes = [
      ...INTAKE_PROBLEM_CODES.filter((code) => code !== 'truck_not_trading'),
      'truck_not_approved',
      'document_missing',
      'document_expired',
      'invalid_cursor',
      'range_reversed',
      'range_too_long',
    ];
    for (const lang of ['en', 'ar'] as const) {
      for (const code of [...INTAKE_PROBLEM_CODES, 'order_refused', 'order_not_found', 'idempotency_key_reused', 'stream_ticket_invalid']) {
        expect(ERROR_MESSAGES[lang][code], `${lang} error ${code}`).toBeTruthy();
      }
      for (const code of fieldCodes) expect(FIELD_MESSAGES[lang][code], `${lang} field ${code}`).toBeTruthy();
    }
  });
});
