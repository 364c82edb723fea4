/** Money and times on the truck page, in its language and the truck's time zone. */
import { CUSTOMER_CLOCK, intlLocale } from '@domain/locale';
import { formatMoney, type Currency } from '@domain/money/minor';
import type { Lang } from './i18n';

export interface PageFormat {
  money(minor: number): string;
  /** "2:30 PM" («٢:٣٠ م»), the customer's clock: a time today. */
  time(iso: string): string;
  /** "Tue 10:00 AM": a time that may be another day. */
  when(iso: string): string;
  /** Whether the instant falls on today's date in the truck's time zone ("at 14:30", not "Wed 14:30" on a Wednesday). */
  isToday(iso: string): boolean;
  number(n: number): string;
  /** "2 Dec 2026, 4:05 PM": an invoice's date and time. */
  dateTime(iso: string): string;
  /** A rate in basis points: 1500 → "15%" («١٥٪»). */
  percent(basisPoints: number): string;
}

export function pageFormat(lang: Lang, currency: Currency, timeZone: string): PageFormat {
  const time = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, hour: 'numeric', minute: '2-digit', ...CUSTOMER_CLOCK });
  const when = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, weekday: 'short', hour: 'numeric', minute: '2-digit', ...CUSTOMER_CLOCK });
  const number = new Intl.NumberFormat(intlLocale(lang));
  const dateTime = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', ...CUSTOMER_CLOCK });
  const percent = new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return {
    money: (minor) => formatMoney(minor, currency, lang),
    time: (iso) => time.format(new Date(iso)),
    when: (iso) => when.format(new Date(iso)),
    isToday: (iso) => day.format(new Date(iso)) === day.format(new Date()),
    number: (n) => number.format(n),
    dateTime: (iso) => dateTime.format(new Date(iso)),
    percent: (basisPoints) => percent.format(basisPoints / 10_000),
  };
}
