import { describe, expect, it } from 'vitest';
import { INTAKE_PROBLEM_CODES } from './contracts';
import arErrors from '../i18n/ar/errors.json';
import arFields from '../i18n/ar/fields.json';
import enErrors from '../i18n/en/errors.json';
import enFields from '../i18n/en/fields.json';

const ERROR_MESSAGES: Record<'en' | 'ar', Record<string, string>> = { en: enErrors, ar: arErrors };
const FIELD_MESSAGES: Record<'en' | 'ar', Record<string, string>> = { en: enFields, ar: arFields };

describe('orders messages', () => {
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
