/** The instants a range of the truck's local calendar dates covers: its first day's start to the day after its last. */
import { Temporal } from 'temporal-polyfill';

/** Midnight in the zone, or the first instant of the day when daylight saving skips midnight. */
function startOfLocalDate(date: Temporal.PlainDate, timeZone: string): Date {
  return new Date(date.toZonedDateTime({ timeZone }).epochMilliseconds);
}

/**
 * Dates outside these cover no order, and instants outside them do not all fit PostgreSQL's timestamp
 * (a range from 0001-01-01 starts in the year 0 in UTC, which it has no such year): ranges are clamped.
 */
const EARLIEST = Temporal.PlainDate.from('1900-01-01');
const LATEST = Temporal.PlainDate.from('2999-12-31');
const clamp = (date: string) => {
  const day = Temporal.PlainDate.from(date);
  if (Temporal.PlainDate.compare(day, EARLIEST) < 0) return EARLIEST;
  return Temporal.PlainDate.compare(day, LATEST) > 0 ? LATEST : day;
};

export function localDateRange(timeZone: string, from?: string, to?: string): { start?: Date; end?: Date } {
  return {
    ...(from ? { start: startOfLocalDate(clamp(from), timeZone) } : {}),
    ...(to ? { end: startOfLocalDate(clamp(to).add({ days: 1 }), timeZone) } : {}),
  };
}
