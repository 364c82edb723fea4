/** The instants a range of the truck's local calendar dates covers: its first day's start to the day after its last. */
import { Temporal } from 'temporal-polyfill';

/** Midnight in the zone, or the first instant of the day when daylight saving skips midnight. */
function startOfLocalDate(date: Temporal.PlainDate, timeZone: string): Date {
  return new Date(date.toZonedDateTime({ timeZone }).epochMilliseconds);
}

export function localDateRange(timeZone: string, from?: string, to?: string): { start?: Date; end?: Date } {
  return {
    ...(from ? { start: startOfLocalDate(Temporal.PlainDate.from(from), timeZone) } : {}),
    ...(to ? { end: startOfLocalDate(Temporal.PlainDate.from(to).add({ days: 1 }), timeZone) } : {}),
  };
}
