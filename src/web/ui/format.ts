/**
 * Numbers and dates in the interface language through Intl. Money is the domain's formatMoney
 * (@domain/money/minor): its exponent comes from the ISO 4217 table, not from ICU. `useFormat()`
 * (app/use-format.ts) binds these to the current language. Digits follow the one rule of
 * @domain/locale: Arabic-Indic in Arabic.
 */
import type { Lang } from '@domain/errors';
import { dateTimeFormat, numberFormat, plainNumber } from '@domain/locale';

export function formatNumber(value: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  return numberFormat(lang, options).format(value);
}

/** A number as a sentence holds it (@domain/locale's plainNumber); i18n.ts writes every interpolated number so. */
export function formatPlainNumber(value: number, lang: Lang): string {
  return plainNumber(value, lang);
}

export function formatDate(value: Date | number | string, lang: Lang, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return dateTimeFormat(lang, options).format(new Date(value));
}

export function formatTime(value: Date | number | string, lang: Lang, options: Intl.DateTimeFormatOptions = { timeStyle: 'short' }): string {
  return dateTimeFormat(lang, options).format(new Date(value));
}
