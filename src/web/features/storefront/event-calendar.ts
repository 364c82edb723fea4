/**
 * The days and times a customer may pick for an event, as plain lists: the truck page offers them as
 * <select>s written in the page's language and digits, on the customer's 12-hour clock, where a native date or time input
 * would follow the phone's own locale (mm/dd/yyyy, AM/PM) and a picker library would outweigh the page.
 * The range is the server's own rule (bookings' eventDateProblem): from the truck's today to a year on.
 */
import { CUSTOMER_CLOCK, intlLocale } from '@domain/locale';
import type { Lang } from './i18n';

export interface Choice {
  value: string;
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const parse = (date: string) => date.split('-').map(Number) as [number, number, number];

/** The last day that may be asked for on `today`: a year on, the 29th of February kept to the 28th. */
export function lastBookableDay(today: string): string {
  const [year, month, day] = parse(today);
  return `${year + 1}-${pad(month)}-${pad(Math.min(day, daysIn(year + 1, month)))}`;
}

/** The months from today's to the last bookable one, as 'YYYY-MM' with the month's name. */
export function bookableMonths(today: string, lang: Lang): Choice[] {
  const [year, month] = parse(today);
  const format = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', month: 'long', year: 'numeric' });
  return Array.from({ length: 13 }, (_, i) => {
    const at = new Date(Date.UTC(year, month - 1 + i, 1));
    return { value: `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`, label: format.format(at) };
  });
}

/** The bookable days of a month ('YYYY-MM'), as 'YYYY-MM-DD' written whole ("Thursday, November 26"): a phone shows the open list apart from the month's. */
export function bookableDays(month: string, today: string, lang: Lang): Choice[] {
  const [year, m] = parse(month);
  const last = lastBookableDay(today);
  const format = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  const days: Choice[] = [];
  for (let day = 1; day <= daysIn(year, m); day++) {
    const value = `${month}-${pad(day)}`;
    // ISO dates compare as strings.
    if (value < today || value > last) continue;
    days.push({ value, label: format.format(new Date(Date.UTC(year, m - 1, day))) });
  }
  return days;
}

/** Every quarter hour of a day, 'HH:mm' written on the customer's clock («٧:٣٠ م») in the page's digits. */
export function quarterHours(lang: Lang): Choice[] {
  const format = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', hour: 'numeric', minute: '2-digit', ...CUSTOMER_CLOCK });
  return Array.from({ length: 96 }, (_, i) => {
    const hour = Math.floor(i / 4);
    const minute = (i % 4) * 15;
    return { value: `${pad(hour)}:${pad(minute)}`, label: format.format(new Date(Date.UTC(1970, 0, 1, hour, minute))) };
  });
}
