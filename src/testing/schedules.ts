/** Hours for API tests that run on the real clock: shifts placed around the present moment. */
import { WEEKDAYS, type Shift, type Weekday } from '@domain/hours';
import { Temporal } from 'temporal-polyfill';

const wallTime = (zoned: Temporal.ZonedDateTime) => zoned.toPlainTime().toString({ smallestUnit: 'minute' });

/**
 * A shift that opened `minutesBefore` ago and closes in about `minutesAfter` (at the whole minute),
 * on the weekday it opened, in `timeZone` (which must have no daylight saving near now). It runs
 * past midnight whenever midnight falls inside it.
 */
export function shiftAroundNow(timeZone: string, minutesBefore: number, minutesAfter: number, extra: Partial<Shift> = {}) {
  const now = Temporal.Now.zonedDateTimeISO(timeZone);
  const opens = now.subtract({ minutes: minutesBefore });
  const closes = now.add({ minutes: minutesAfter }).round({ smallestUnit: 'minute', roundingMode: 'ceil' });
  const day: Weekday = WEEKDAYS[opens.dayOfWeek - 1]!;
  return { day, shift: { opens: wallTime(opens), closes: wallTime(closes), ...extra }, closesAt: new Date(closes.epochMilliseconds).toISOString() };
}

/** The local weekday `days` from today in `timeZone`. */
export function weekdayIn(timeZone: string, days = 0): Weekday {
  return WEEKDAYS[Temporal.Now.plainDateISO(timeZone).add({ days }).dayOfWeek - 1]!;
}
