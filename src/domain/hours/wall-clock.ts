/**
 * From the truck's wall clock to instants, with Temporal only: the time zone database knows every
 * offset and transition; arithmetic on offsets would not.
 */
import { Temporal } from 'temporal-polyfill';

export type InstantInput = Date | string | Temporal.Instant;

/** Accepts a Date, an ISO string with an offset or 'Z', or an Instant; throws a RangeError on anything else. */
export function toInstant(at: InstantInput): Temporal.Instant {
  if (at instanceof Temporal.Instant) return at;
  if (at instanceof Date) return Temporal.Instant.fromEpochMilliseconds(at.getTime());
  return Temporal.Instant.from(at);
}

export function localDateOf(instant: Temporal.Instant, timeZone: string): Temporal.PlainDate {
  return instant.toZonedDateTimeISO(timeZone).toPlainDate();
}

/**
 * The first instant at which the clock on the truck's wall shows `time` or later on `date`. Shifts
 * open and close when the clock reaches their time, so on daylight-saving nights:
 * - a time repeated by a fall-back counts at its first occurrence (a shift never reopens for the repeated hour);
 * - a time skipped by a spring-forward counts at the jump itself (02:30 on a 02:00→03:00 night is 03:00,
 *   so a shift opening then opens at 03:00 and one closing then closes at 03:00).
 */
export function wallClockInstant(date: Temporal.PlainDate, time: Temporal.PlainTime, timeZone: string): Temporal.Instant {
  const wall = date.toPlainDateTime(time);
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  if (Temporal.PlainDateTime.compare(zoned.toPlainDateTime(), wall) === 0) return zoned.toInstant();
  // In a gap, 'earlier' lands before the jump by the gap's length; the jump is the next transition.
  const jump = zoned.getTimeZoneTransition('next');
  if (!jump) throw new RangeError(`No transition after a skipped wall time in ${timeZone}`);
  return jump.toInstant();
}
