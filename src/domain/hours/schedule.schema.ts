/**
 * The contract of a truck's operating hours (docs/product.md §2.9): weekly shifts in the
 * truck's IANA time zone, date exceptions, and a pause.
 */
import { z } from 'zod';
import { isIanaTimeZone } from '../time-zone';
import { findShiftOverlaps } from './shift-overlaps';

export const MAX_SHIFTS_PER_DAY = 12;

/** 'HH:MM', 24-hour clock; '24:00' is not a time, a shift ending at midnight closes at '00:00'. */
export const WallTimeSchema = z.iso.time({ precision: -1 });

/** Where the truck parks during a shift: its stops change through the week. */
export const SpotSchema = z.object({
  address: z.string().trim().min(1).max(200),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Spot = z.infer<typeof SpotSchema>;

/**
 * A shift belongs to the day it opens. When `closes` is not after `opens` it runs past midnight
 * and closes on the next day ('18:00'–'00:00' ends exactly at midnight, '10:00'–'10:00' lasts 24 hours).
 */
export const ShiftSchema = z.object({
  opens: WallTimeSchema,
  closes: WallTimeSchema,
  deliveryEnabled: z.boolean().default(true),
  spot: SpotSchema.optional(),
});
export type Shift = z.infer<typeof ShiftSchema>;

const DayShiftsSchema = z.array(ShiftSchema).max(MAX_SHIFTS_PER_DAY);

/** A date's own shifts are replaced: closed all day, or other shifts (holidays, Ramadan hours). */
export const ScheduleExceptionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('closed') }),
  z.object({ kind: z.literal('shifts'), shifts: DayShiftsSchema.min(1) }),
]);
export type ScheduleException = z.infer<typeof ScheduleExceptionSchema>;

export const TimeZoneSchema = z.string().refine(isIanaTimeZone, { params: { code: 'invalid_time_zone' } });

/** The weekly pattern and its exceptions: what the hours editor saves (the pause is an action of its own). */
export const timetableShape = {
  timeZone: TimeZoneSchema,
  /** Strict: a misspelt weekday is refused rather than dropped with its shifts. */
  days: z.strictObject({
    mon: DayShiftsSchema.default([]),
    tue: DayShiftsSchema.default([]),
    wed: DayShiftsSchema.default([]),
    thu: DayShiftsSchema.default([]),
    fri: DayShiftsSchema.default([]),
    sat: DayShiftsSchema.default([]),
    sun: DayShiftsSchema.default([]),
  }),
  exceptions: z.record(z.iso.date(), ScheduleExceptionSchema).default({}),
};

/** Adds an issue, on the shift the vendor can move, for every clash between shifts. */
export function refuseShiftOverlaps(timetable: Parameters<typeof findShiftOverlaps>[0], ctx: z.RefinementCtx): void {
  for (const overlap of findShiftOverlaps(timetable)) {
    ctx.addIssue({ code: 'custom', path: overlap.path, params: { code: overlap.code, ...overlap.params } });
  }
}

export const WeeklyScheduleSchema = z
  .object({
    ...timetableShape,
    /** "Busy, no orders until …": an instant with an offset; null or absent when not paused. */
    pausedUntil: z.iso.datetime({ offset: true }).nullish(),
  })
  .superRefine(refuseShiftOverlaps);
export type Schedule = z.infer<typeof WeeklyScheduleSchema>;
export type ScheduleInput = z.input<typeof WeeklyScheduleSchema>;
