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

const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

/**
 * The truck's local calendar date (YYYY-MM-DD) at an instant: expiry and export ranges are its days, not UTC's.
 * Every zone's offset is a whole number of minutes, so its day only turns on a minute: the last
 * answer holds for the rest of that minute (every order asks for its truck's day).
 */
export function localToday(timeZone: string, now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  let zone = dayFormats.get(timeZone);
  if (zone?.minute === minute) return zone.day;
  if (!zone) {
    zone = { format: new Intl.DateTimeFormat(MACHINE_LOCALE, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'iso8601' }), minute, day: '' };
    dayFormats.set(timeZone, zone);
  }
  const parts = Object.fromEntries(zone.format.formatToParts(now).map((part) => [part.type, part.value]));
  zone.minute = minute;
  zone.day = `${String(parts.year).padStart(4, '0')}-${parts.month}-${parts.day}`;
  return zone.day;
}
