import { describe, expect, it } from 'vitest';
import { dateTimeFormat, intlLocale, MACHINE_LOCALE, numberFormat } from './locale';

const ARABIC_INDIC = /^[\u0660-\u0669\u066B\u066C\u061C\u200F]+$/u;

describe('intlLocale', () => {
  it('names the Arabic-Indic numbering system for Arabic and the 24-hour cycle for both', () => {
    expect(intlLocale('ar')).toBe('ar-u-nu-arab-hc-h23');
    expect(intlLocale('en')).toBe('en-u-hc-h23');
  });

  it('writes Arabic numbers, dates and times in Arabic-Indic digits only', () => {
    expect(new Intl.NumberFormat(intlLocale('ar')).format(1234.5)).toBe('١٬٢٣٤٫٥');
    expect(new Intl.NumberFormat(intlLocale('ar')).format(1234.5)).toMatch(ARABIC_INDIC);
    const date = new Intl.DateTimeFormat(intlLocale('ar'), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 15, 13, 5));
    expect(date).not.toMatch(/[0-9]/);
    expect(date).toContain('٢٠٢٦');
    expect(new Intl.RelativeTimeFormat(intlLocale('ar')).format(5, 'minute')).toContain('٥');
  });

  it('writes times on the 24-hour clock in both languages, whatever a call site asks for', () => {
    const at = Date.UTC(2026, 0, 15, 13, 5);
    const time = (lang: 'en' | 'ar', options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(intlLocale(lang), { ...options, timeZone: 'UTC' }).format(at);
    expect(time('en', { timeStyle: 'short' })).toBe('13:05');
    expect(time('ar', { timeStyle: 'short' })).toBe('١٣:٠٥');
    expect(time('en', { weekday: 'short', hour: 'numeric', minute: '2-digit' })).toBe('Thu 13:05');
    expect(time('ar', { hour: 'numeric', minute: '2-digit' })).not.toMatch(/[صم]/);
  });

  it('leaves English as it was', () => {
    expect(new Intl.NumberFormat(intlLocale('en')).format(1234.5)).toBe('1,234.5');
    expect(new Intl.DateTimeFormat(intlLocale('en'), { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 15))).toBe('January 15, 2026');
  });

  it('keeps machine figures in Latin digits', () => {
    const parts = new Intl.DateTimeFormat(MACHINE_LOCALE, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 0, 5));
    expect(Object.fromEntries(parts.map((p) => [p.type, p.value]))).toMatchObject({ year: '2026', month: '01', day: '05' });
  });

  it("keeps one formatter per language and options, in the rule's digits", () => {
    const options = { dateStyle: 'long', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('ar', { ...options })).toBe(dateTimeFormat('ar', options));
    expect(dateTimeFormat('en', options)).not.toBe(dateTimeFormat('ar', options));
    expect(dateTimeFormat('ar', { ...options, dateStyle: 'short' })).not.toBe(dateTimeFormat('ar', options));
    expect(dateTimeFormat('en', options).format(Date.UTC(2026, 0, 15))).toBe('January 15, 2026');
    expect(numberFormat('ar')).toBe(numberFormat('ar', {}));
    expect(numberFormat('ar').format(1234)).toBe(new Intl.NumberFormat(intlLocale('ar')).format(1234));
    expect(numberFormat('en', { useGrouping: false }).format(1234)).toBe('1234');
  });
});
