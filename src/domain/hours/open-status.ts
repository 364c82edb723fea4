/**
 * The one answer to "open at instant t?" and "next opening after t", shared by the hours screen
 * preview, the order intake and the public page (docs/product.md §2.9).
 */
import { Temporal } from 'temporal-polyfill';
import type { Schedule, Spot } from './schedule.schema';
import { searchHorizon, shiftsBetween, type ScheduledShift } from './shift-calendar';
import { localDateOf, toInstant, type InstantInput } from './wall-clock';

export type ClosedReason = 'paused' | 'closed' | 'exception_closed';

export type OpenAt =
  | {
      open: true;
      /** The shift under way; its own `closesAt` is where a back-to-back shift may take over (and the spot change). */
      shift: ScheduledShift;
      /** When ordering stops: the end of this shift and of any shifts following it without a gap. */
      closesAt: Temporal.Instant;
      spot?: Spot;
    }
  /** A shift is under way but the vendor paused ordering. */
  | { open: false; reason: 'paused'; pausedUntil: Temporal.Instant; shift: ScheduledShift }
  /** No shift: `exception_closed` when the date is closed by an exception, `closed` otherwise (a pause changes nothing then). */
  | { open: false; reason: 'closed' | 'exception_closed' };

export interface NextOpening {
  opensAt: Temporal.Instant;
  /** The shift ordering resumes in (after a pause, it opened earlier than `opensAt`). */
  shift: ScheduledShift;
}

export type OpenStatus =
  | { open: true; until: Temporal.Instant; shift: ScheduledShift }
  | { open: false; reason: ClosedReason; opensAt: Temporal.Instant | null };

interface Interval {
  start: Temporal.Instant;
  end: Temporal.Instant;
  shift: ScheduledShift;
}

/** Stretches of uninterrupted opening: intervals that overlap or touch (back-to-back shifts) merge. */
interface OpenRun {
  start: Temporal.Instant;
  end: Temporal.Instant;
  intervals: Interval[];
}

/** Merges intervals arriving in start order. A run still open at the end of the search stops there. */
function* openRuns(intervals: Iterable<Interval>): Generator<OpenRun> {
  let run: OpenRun | undefined;
  for (const interval of intervals) {
    if (run && Temporal.Instant.compare(interval.start, run.end) <= 0) {
      if (Temporal.Instant.compare(interval.end, run.end) > 0) run.end = interval.end;
      run.intervals.push(interval);
      continue;
    }
    if (run) yield run;
    run = { start: interval.start, end: interval.end, intervals: [interval] };
  }
  if (run) yield run;
}

function* shiftIntervals(schedule: Schedule, from: Temporal.Instant): Generator<Interval> {
  // A shift of the day before can still be running (it belongs to the day it opens); none older can.
  const today = localDateOf(from, schedule.timeZone);
  for (const shift of shiftsBetween(schedule, today.subtract({ days: 1 }), searchHorizon(schedule, today))) {
    yield { start: shift.opensAt, end: shift.closesAt, shift };
  }
}

function pausedUntil(schedule: Schedule): Temporal.Instant | undefined {
  return schedule.pausedUntil ? Temporal.Instant.from(schedule.pausedUntil) : undefined;
}

function covers(interval: Interval, t: Temporal.Instant): boolean {
  return Temporal.Instant.compare(interval.start, t) <= 0 && Temporal.Instant.compare(t, interval.end) < 0;
}

/** Open at `at`? A shift covers [opensAt, closesAt): open at the opening instant, closed at the closing one. */
export function isOpenAt(schedule: Schedule, at: InstantInput): OpenAt {
  const t = toInstant(at);
  for (const run of openRuns(shiftIntervals(schedule, t))) {
    if (Temporal.Instant.compare(run.start, t) > 0) break;
    if (Temporal.Instant.compare(t, run.end) >= 0) continue;
    // The latest-opening shift covering t is the one under way (an earlier one may still overlap in unvalidated data).
    const shift = run.intervals.filter((interval) => covers(interval, t)).at(-1)!.shift;
    const pause = pausedUntil(schedule);
    if (pause && Temporal.Instant.compare(t, pause) < 0) return { open: false, reason: 'paused', pausedUntil: pause, shift };
    return { open: true, shift, closesAt: run.end, ...(shift.spot ? { spot: shift.spot } : {}) };
  }
  const exception = schedule.exceptions[localDateOf(t, schedule.timeZone).toString()];
  return { open: false, reason: exception?.kind === 'closed' ? 'exception_closed' : 'closed' };
}

/**
 * The first instant after `at` where ordering goes from closed to open: a shift opening after a gap,
 * or the end of a pause inside a shift. Back-to-back shifts are one opening. When open at `at`, this
 * is the opening after the current one closes. Null when nothing opens within the search horizon
 * (a week past the last exception or pause, at most MAX_SEARCH_DAYS).
 */
export function nextOpening(schedule: Schedule, at: InstantInput): NextOpening | null {
  const t = toInstant(at);
  const pause = pausedUntil(schedule);
  for (const run of openRuns(withoutPause(shiftIntervals(schedule, t), pause))) {
    if (Temporal.Instant.compare(run.start, t) > 0) return { opensAt: run.start, shift: run.intervals[0]!.shift };
  }
  return null;
}

/** Cuts each interval to start no earlier than the pause's end, dropping those it swallows. */
function* withoutPause(intervals: Iterable<Interval>, pause: Temporal.Instant | undefined): Generator<Interval> {
  for (const interval of intervals) {
    if (!pause || Temporal.Instant.compare(interval.start, pause) >= 0) yield interval;
    else if (Temporal.Instant.compare(interval.end, pause) > 0) yield { ...interval, start: pause };
  }
}

/**
 * The first instant after `at` at which isOpenAt, nextOpening or openStatus may answer differently
 * than at `at`: a shift opening or closing, a pause ending, or the truck's local date changing
 * (exceptions, expiry dates and the search horizon go by date). Until then every answer about `at`
 * holds, so a caller may keep one instead of asking again.
 */
export function nextChange(schedule: Schedule, at: InstantInput): Temporal.Instant {
  const t = toInstant(at);
  // The first instant of the next local date (midnight, or later when a clock change skips it).
  let next = localDateOf(t, schedule.timeZone).add({ days: 1 }).toZonedDateTime(schedule.timeZone).toInstant();
  const consider = (instant: Temporal.Instant) => {
    if (Temporal.Instant.compare(instant, t) > 0 && Temporal.Instant.compare(instant, next) < 0) next = instant;
  };
  const pause = pausedUntil(schedule);
  if (pause) consider(pause);
  for (const interval of shiftIntervals(schedule, t)) {
    // In opening order, and a shift closes after it opens: nothing later can come sooner.
    if (Temporal.Instant.compare(interval.start, next) >= 0) break;
    consider(interval.start);
    consider(interval.end);
  }
  return next;
}

/** What a preview shows: "open until …" or "closed, opens …" (null: nothing ahead). */
export function openStatus(schedule: Schedule, at: InstantInput): OpenStatus {
  const now = isOpenAt(schedule, at);
  if (now.open) return { open: true, until: now.closesAt, shift: now.shift };
  return { open: false, reason: now.reason, opensAt: nextOpening(schedule, at)?.opensAt ?? null };
}
