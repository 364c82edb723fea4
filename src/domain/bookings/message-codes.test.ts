import { describe, expect, it } from 'vitest';
import { BOOKING_INTAKE_CODES } from './contracts';
import arErrors from '../i18n/ar/errors.json';
import arFields from '../i18n/ar/fields.json';
import enErrors from '../i18n/en/errors.json';
import enFields from '../i18n/en/fields.json';

const ERROR_MESSAGES: Record<'en' | 'ar', Record<string, string>> = { en: enErrors, ar: arErrors };
const FIELD_MESSAGES: Record<'en' | 'ar', Record<string, string>> = { en: enFields, ar: arFields };

describe('bookings messages', () => {
  it('word every answer the booking intake gives, in both languages', () => {
    for (const lang of ['en', 'ar'] as const) {
      for (const code of [...BOOKING_INTAKE_CODES, 'booking_not_found', 'quote_link_invalid', 'booking_clash', 'booking_time_taken', 'quote_expired']) expect(ERROR_MESSAGES[lang][code], code).toBeTruthy();
      for (const code of ['window_empty', 'event_date_past', 'event_date_too_far', 'bookings_unavailable', 'truck_not_approved', 'document_expired']) expect(FIELD_MESSAGES[lang][code], code).toBeTruthy();
    }
  });
});
