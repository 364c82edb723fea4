/**
 * A truck's time zone and its calendar day, through Intl alone (the zone data Temporal reads too):
 * the schemas, the server and the order dashboard share these without zod or the Temporal polyfill.
 */
import { MACHINE_LOCALE } from './locale';

/** An IANA zone: a place, never a fixed offset such as '+03:00', which ignores daylight saving. */
export function isIanaTimeZone(id: string): boolean {
  if (/^[+-]/.test(id)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The truck's local calendar date (YYYY-MM-DD) at an instant: expiry and export ranges are its days, not UTC's. */
export function localToday(timeZone: string, now: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(MACHINE_LOCALE, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'iso8601' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return `${String(parts.year).padStart(4, '0')}-${parts.month}-${parts.day}`;
}
