/**
 * Money and calendar dates for /home in the interface language, in its digits (@domain/locale:
 * Arabic-Indic figures on an Arabic dashboard); numbers and instants are ui/format's.
 */
import { dateTimeFormat } from '@domain/locale';
import { formatMoney, type Currency } from '@domain/money/minor';
import type { UiLang } from '../../app/lang-dir.slice';

/** Minor units in the currency's ISO 4217 decimals (the domain's table, not ICU's: IQD has 3). */
export const money = (minor: number, currency: Currency, lang: UiLang): string => formatMoney(minor, currency, lang);

/** A calendar date (YYYY-MM-DD) as itself, whatever the browser's zone. */
export function calendarDate(isoDate: string, lang: UiLang, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(lang, { ...options, timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}
