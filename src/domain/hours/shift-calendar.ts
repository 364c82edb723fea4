/**
 * The shifts a schedule gives on real dates, as instants: the weekly pattern unless the date has an
 * exception, converted with the truck's time zone.
 */
import { Temporal } from 'temporal-polyfill';
import type { Schedule, Shift } from './schedule.schema';
import { localDateOf, wallClockInstant } from './wall-clock';
import { weekdayOf } from './weekdays';

export type ScheduledShift = Shift & {
  /** The local date (YYYY-MM-DD) the shift belongs to: the day it opens. */
  date: string;
  source: 'weekly' | 'exception';
  /** Position in its list: `days[weekday]` or `exceptions[date].shifts`. */
  index: number;
  opensAt: Temporal.Instant;
  closesAt: Temporal.Instant;
};

/** A week past the last irregular date brings every shift the weekly pattern can still give; one more day holds its overnight spill. */
const DAYS_AFTER_LAST_IRREGULAR_DATE = 8;
/** Bounds the day-by-day walk when an exception or a pause lies far ahead. */
export const MAX_SEARCH_DAYS = 400;

/** Shifts that open on `date`, in opening order. */
export function shiftsOn(schedule: Schedule, date: Temporal.PlainDate): ScheduledShift[] {
  const key = date.toString();
  const exception = schedule.exceptions[key];
  const source = exception ? 'exception' : 'weekly';
  const shifts = exception ? (exception.kind === 'closed' ? [] : exception.shifts) : schedule.days[weekdayOf(date)];
  const nextDay = date.add({ days: 1 });
  return shifts
    .map((shift, index): ScheduledShift => {
      const opens = Temporal.PlainTime.from(shift.opens);
      const closes = Temporal.PlainTime.from(shift.closes);
      const closingDate = Temporal.PlainTime.compare(closes, opens) > 0 ? date : nextDay;
      return {
        ...shift,
        date: key,
        source,
        index,
        opensAt: wallClockInstant(date, opens, schedule.timeZone),
        closesAt: wallClockInstant(closingDate, closes, schedule.timeZone),
      };
    })
    // A shift lying wholly inside an hour skipped by a spring-forward never takes place.
    .filter((shift) => Temporal.Instant.compare(shift.closesAt, shift.opensAt) > 0)
    .sort((a, b) => Temporal.Instant.compare(a.opensAt, b.opensAt));
}

/**
 * Shifts opening from `first` to `last` inclusive. Opening instants never decrease from one date to
 * the next (a wall time maps to the first instant the clock shows it), so the stream is in opening order.
 */
export function* shiftsBetween(schedule: Schedule, first: Temporal.PlainDate, last: Temporal.PlainDate): Generator<ScheduledShift> {
  for (let date = first; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
    yield* shiftsOn(schedule, date);
  }
}

/** The last date worth looking at from `from`: past every exception and the pause, within MAX_SEARCH_DAYS. */
export function searchHorizon(schedule: Schedule, from: Temporal.PlainDate): Temporal.PlainDate {
  let lastIrregular = from;
  // ISO dates compare as strings.
  const lastException = Object.keys(schedule.exceptions).reduce((max, date) => (date > max ? date : max), '');
  if (lastException) lastIrregular = later(lastIrregular, Temporal.PlainDate.from(lastException));
  if (schedule.pausedUntil) lastIrregular = later(lastIrregular, localDateOf(Temporal.Instant.from(schedule.pausedUntil), schedule.timeZone));
  const horizon = lastIrregular.add({ days: DAYS_AFTER_LAST_IRREGULAR_DATE });
  const cap = from.add({ days: MAX_SEARCH_DAYS });
  return Temporal.PlainDate.compare(horizon, cap) > 0 ? cap : horizon;
}

function later(a: Temporal.PlainDate, b: Temporal.PlainDate): Temporal.PlainDate {
  return Temporal.PlainDate.compare(a, b) >= 0 ? a : b;
}
