/**
 * Shifts may not overlap, nor may a shift running past midnight reach into the next day's shifts.
 * Checked on the wall clock, in minutes: a daylight-saving change moves every shift of the night
 * alike, so it can neither create nor resolve a clash and the check needs no time zone.
 */
import { Temporal } from 'temporal-polyfill';
import { WEEKDAYS, weekdayOf, type Weekday } from './weekdays';

interface ShiftTimes {
  opens: string;
  closes: string;
}

interface ShiftTimetable {
  days: Record<Weekday, readonly ShiftTimes[]>;
  exceptions: Record<string, { kind: 'closed' } | { kind: 'shifts'; shifts: readonly ShiftTimes[] }>;
}

export type ShiftOverlapCode = 'shift_overlap' | 'shift_overlap_overnight' | 'shift_overlap_previous_night';

export interface ShiftOverlap {
  code: ShiftOverlapCode;
  path: (string | number)[];
  /** `day`/`otherDay` are weekday keys ('fri') for the weekly pattern, ISO dates for exceptions; shifts read '18:00–02:00'. */
  params: { day: string; shift: string; other: string; otherDay?: string };
}

const MINUTES_PER_DAY = 24 * 60;

/** A shift on its own day's clock: `end` passes MINUTES_PER_DAY when it runs overnight. */
interface PlacedShift {
  path: (string | number)[];
  label: string;
  start: number;
  end: number;
  fromException: boolean;
}

interface PlacedDay {
  label: string;
  shifts: PlacedShift[];
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function placeShifts(shifts: readonly ShiftTimes[], pathOf: (index: number) => (string | number)[], fromException: boolean): PlacedShift[] {
  return shifts.map((shift, index) => {
    const start = minutesOf(shift.opens);
    const closes = minutesOf(shift.closes);
    return {
      path: pathOf(index),
      label: `${shift.opens}–${shift.closes}`,
      start,
      end: closes > start ? closes : closes + MINUTES_PER_DAY,
      fromException,
    };
  });
}

function sameDayOverlaps(day: PlacedDay): ShiftOverlap[] {
  const found: ShiftOverlap[] = [];
  day.shifts.forEach((a, i) => {
    for (const b of day.shifts.slice(i + 1)) {
      if (a.start >= b.end || b.start >= a.end) continue;
      const [earlier, later] = a.start <= b.start ? [a, b] : [b, a];
      found.push({ code: 'shift_overlap', path: later.path, params: { day: day.label, shift: later.label, other: earlier.label } });
    }
  });
  return found;
}

function overnightOverlaps(day: PlacedDay, next: PlacedDay): ShiftOverlap[] {
  const found: ShiftOverlap[] = [];
  for (const late of day.shifts) {
    const spillEnd = late.end - MINUTES_PER_DAY;
    for (const early of next.shifts) {
      if (early.start >= spillEnd) continue;
      // Reported where the vendor can fix it: on the exception's shift rather than on the weekly pattern it meets.
      if (!late.fromException && early.fromException) {
        found.push({
          code: 'shift_overlap_previous_night',
          path: early.path,
          params: { day: next.label, shift: early.label, other: late.label, otherDay: day.label },
        });
      } else {
        found.push({
          code: 'shift_overlap_overnight',
          path: late.path,
          params: { day: day.label, shift: late.label, other: early.label, otherDay: next.label },
        });
      }
    }
  }
  return found;
}

export function findShiftOverlaps(timetable: ShiftTimetable): ShiftOverlap[] {
  const weekly = WEEKDAYS.map((weekday) => ({
    label: weekday,
    shifts: placeShifts(timetable.days[weekday], (index) => ['days', weekday, index], false),
  }));
  const found = weekly.flatMap((day, i) => [...sameDayOverlaps(day), ...overnightOverlaps(day, weekly[(i + 1) % weekly.length]!)]);

  const onDate = (date: Temporal.PlainDate): PlacedDay => {
    const label = date.toString();
    const exception = timetable.exceptions[label];
    if (!exception) {
      const weekday = weekdayOf(date);
      return { label, shifts: placeShifts(timetable.days[weekday], (index) => ['days', weekday, index], false) };
    }
    if (exception.kind === 'closed') return { label, shifts: [] };
    return { label, shifts: placeShifts(exception.shifts, (index) => ['exceptions', label, 'shifts', index], true) };
  };
  for (const label of Object.keys(timetable.exceptions).sort()) {
    const date = Temporal.PlainDate.from(label);
    const dayBefore = date.subtract({ days: 1 });
    const today = onDate(date);
    found.push(...sameDayOverlaps(today), ...overnightOverlaps(today, onDate(date.add({ days: 1 }))));
    // When the day before is an exception too, its own turn already checked this night.
    if (!Object.hasOwn(timetable.exceptions, dayBefore.toString())) found.push(...overnightOverlaps(onDate(dayBefore), today));
  }
  return found;
}
