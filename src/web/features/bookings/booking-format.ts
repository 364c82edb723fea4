/**
 * How the booking screens word dates, times and money: the event's own calendar date and wall times
 * (where the truck is), instants in the truck's time zone, amounts in minor units through the
 * domain's formatter, digits in the interface language.
 */
import type { Lang } from '@domain/errors';
import { intlLocale } from '@domain/locale';
import type { Currency } from '@domain/money';
import { formatMoney } from '@domain/money/minor';
import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';

export interface BookingFormat {
  lang: Lang;
  money(minor: number, currency: Currency): string;
  count(n: number): string;
  /** A calendar date ('2026-12-04') as words. */
  date(isoDate: string): string;
  /** A wall time ('18:30') in the interface's clock style. */
  wallTime(hhmm: string): string;
  /** An instant, as date and time where the truck is. */
  instant(iso: string): string;
}

export function bookingFormat(lang: Lang, timeZone: string): BookingFormat {
  const dateFormat = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });
  const timeFormat = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
  const instantFormat = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const countFormat = new Intl.NumberFormat(intlLocale(lang));
  return {
    lang,
    money: (minor, currency) => formatMoney(minor, currency, lang),
    count: (n) => countFormat.format(n),
    date: (isoDate) => dateFormat.format(new Date(`${isoDate}T00:00:00Z`)),
    wallTime: (hhmm) => timeFormat.format(new Date(`1970-01-01T${hhmm}:00Z`)),
    instant: (iso) => instantFormat.format(new Date(iso)),
  };
}

export function useBookingFormat(timeZone: string): BookingFormat {
  const lang = useAppSelector((s) => s.lang_dir.lang);
  return useMemo(() => bookingFormat(lang, timeZone), [lang, timeZone]);
}
