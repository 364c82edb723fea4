import { describe, expect, it } from 'vitest';
import { BOOKING_INTAKE_CODES } from './contracts';
import { BOOKINGS_ERROR_MESSAGES, BOOKINGS_FIELD_MESSAGES } from './messages';
import { ERROR_MESSAGES, FIELD_MESSAGES } from '../i18n/error-messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('bookings messages', () => {
  it.each([
    ['errors', BOOKINGS_ERROR_MESSAGES],
    ['fields', BOOKINGS_FIELD_MESSAGES],
  ] as const)('%s say the same thing in both languages, with the same placeholders', (_name, catalogue) => {
    const { en, ar } = catalogue as { en: Record<string, string>; ar: Record<string, string> };
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [code, english] of Object.entries(en)) {
      expect(placeholders(ar[code]!), code).toEqual(placeholders(english));
      expect(ar[code], code).toMatch(/[\u0621-\u064a]/);
    }
  });

  it('word every answer the booking intake gives, in both languages', () => {
    for (const lang of ['en', 'ar'] as const) {
      for (const code of [...BOOKING_INTAKE_CODES, 'booking_not_found', 'quote_link_invalid', 'booking_clash', 'quote_expired']) expect(ERROR_MESSAGES[lang][code], code).toBeTruthy();
      for (const code of ['window_empty', 'event_date_past', 'event_date_too_far', 'bookings_unavailable', 'truck_not_approved', 'document_expired']) expect(FIELD_MESSAGES[lang][code], code).toBeTruthy();
    }
  });
});
