/**
 * Numbers, money and dates in the interface language through Intl (product §2: money is integer
 * minor units, the exponent comes from the currency). `useFormat()` binds them to the current language.
 */
import { useMemo } from 'react';
import type { UiLang } from '../app/lang-dir.slice';
import { useAppSelector } from '../app/hooks';

export function formatNumber(value: number, lang: UiLang, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(lang, options).format(value);
}

/** Decimal places of a currency's minor unit: 3 for KWD, 2 for EUR, 0 for JPY. */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function formatMoney(minorUnits: number, currency: string, lang: UiLang): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    minorUnits / 10 ** digits,
  );
}

export function formatDate(value: Date | number | string, lang: UiLang, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return new Intl.DateTimeFormat(lang, options).format(new Date(value));
}

export function formatTime(value: Date | number | string, lang: UiLang, options: Intl.DateTimeFormatOptions = { timeStyle: 'short' }): string {
  return new Intl.DateTimeFormat(lang, options).format(new Date(value));
}

export function useFormat() {
  const lang = useAppSelector((s) => s.lang_dir.lang);
  return useMemo(
    () => ({
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, lang, options),
      money: (minorUnits: number, currency: string) => formatMoney(minorUnits, currency, lang),
      date: (value: Date | number | string, options?: Intl.DateTimeFormatOptions) => formatDate(value, lang, options),
      time: (value: Date | number | string, options?: Intl.DateTimeFormatOptions) => formatTime(value, lang, options),
    }),
    [lang],
  );
}
