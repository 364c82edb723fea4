import { describe, expect, it } from 'vitest';
import { EmailSchema, NewPasswordSchema, PhoneSchema, SignUpSchema } from './index';
import { issuesToFields } from '../validation';
import enErrors from '../i18n/en/errors.json';
import enFields from '../i18n/en/fields.json';

const english = { lang: 'en' as const, errors: enErrors, fields: enFields };

const codes = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  result.success ? [] : issuesToFields(result.error!.issues as never, english).map((f) => f.code);

describe('account contracts', () => {
  it('normalizes emails to trimmed lower case', () => {
    expect(EmailSchema.parse('  Layla@Example.COM ')).toBe('layla@example.com');
    expect(codes(EmailSchema.safeParse('layla@'))).toEqual(['invalid_email']);
  });

  it('needs 10 characters and refuses common passwords, whatever their case', () => {
    expect(NewPasswordSchema.safeParse('kebab-van-77').success).toBe(true);
    expect(codes(NewPasswordSchema.safeParse('short'))).toEqual(['too_small_string']);
    expect(codes(NewPasswordSchema.safeParse('QWERTYUIOP'))).toEqual(['weak_password']);
    expect(codes(NewPasswordSchema.safeParse('FoodTruck123'))).toEqual(['weak_password']);
    expect(codes(NewPasswordSchema.safeParse('x'.repeat(129)))).toEqual(['too_big_string']);
  });

  it('writes phones in E.164, forgiving separators and a 00 prefix', () => {
    expect(PhoneSchema.parse('+965 5000-1234')).toBe('+96550001234');
    expect(PhoneSchema.parse('(00971) 50.123.4567')).toBe('+971501234567');
    expect(codes(PhoneSchema.safeParse('50001234'))).toEqual(['invalid_phone']);
    expect(codes(PhoneSchema.safeParse('+0123456789'))).toEqual(['invalid_phone']);
    expect(codes(PhoneSchema.safeParse('+1234567890123456'))).toEqual(['invalid_phone']);
  });

  it('refuses unknown fields at sign-up', () => {
    expect(codes(SignUpSchema.safeParse({ email: 'a@example.com', password: 'kebab-van-77', roles: ['Admin'] }))).toEqual(['unrecognized_keys']);
  });
});
