/**
 * How the dashboard words times and money: clock times in the truck's own time zone (what the staff
 * and the customer go by), "in 5 min" / "3 min ago" through Intl (so Arabic comes for free), and
 * amounts in minor units through the domain's formatter (the currency's own exponent).
 */
import type { Lang } from '@domain/errors';
import { intlLocale } from '@domain/locale';
import { formatMoney, type Currency } from '@domain/money/minor';
import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';

const MINUTE_MS = 60_000;

export interface OrderFormat {
  lang: Lang;
  money(minor: number, currency: Currency): string;
  /** A whole number in the interface's digits. */
  count(n: number): string;
  /** The clock time of an instant where the truck is. */
  time(instant: string): string;
  /** The calendar date of an instant where the truck is ("2 Dec 2026"), for printouts kept past the day. */
  date(instant: string): string;
  /** "in 12 min", "3 min ago", "now": whole minutes from `now`. */
  relative(instant: string, now: number): string;
}

export function orderFormat(lang: Lang, timeZone: string): OrderFormat {
  const clock = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, hour: 'numeric', minute: '2-digit' });
  const relative = new Intl.RelativeTimeFormat(intlLocale(lang), { numeric: 'auto', style: 'short' });
  const count = new Intl.NumberFormat(intlLocale(lang));
  const day = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, dateStyle: 'medium' });
  return {
    lang,
    money: (minor, currency) => formatMoney(minor, currency, lang),
    count: (n) => count.format(n),
    time: (instant) => clock.format(new Date(instant)),
    date: (instant) => day.format(new Date(instant)),
    relative(instant, now) {
      const minutes = Math.round((Date.parse(instant) - now) / MINUTE_MS);
      return Math.abs(minutes) >= 90 ? relative.format(Math.round(minutes / 60), 'hour') : relative.format(minutes, 'minute');
    },
  };
}

export function useOrderFormat(timeZone: string): OrderFormat {
  const lang = useAppSelector((s) => s.lang_dir.lang);
  return useMemo(() => orderFormat(lang, timeZone), [lang, timeZone]);
}
