/**
 * What the hours endpoints take and answer. The editor saves the timetable (zone, weekly shifts,
 * exceptions) in one piece with the version it started from; the pause is a separate action, so
 * saving a form opened before a pause never lifts it.
 */
import type { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import type { OpenStatus } from './open-status';
import { MAX_EXCEPTIONS, PAUSE_MINUTES } from './limits';
import { refuseShiftOverlaps, timetableShape, type Schedule } from './schedule.schema';

export const HoursUpdateSchema = z
  .strictObject({
    ...timetableShape,
    exceptions: timetableShape.exceptions.superRefine((exceptions, ctx) => {
      const count = Object.keys(exceptions).length;
      if (count > MAX_EXCEPTIONS) ctx.addIssue({ code: 'custom', params: { code: 'too_many_exceptions', maximum: MAX_EXCEPTIONS, count } });
    }),
    /** The version the editor loaded: a save over someone else's newer one is refused (409). */
    version: z.int().nonnegative(),
  })
  .superRefine(refuseShiftOverlaps);
export type HoursUpdate = z.infer<typeof HoursUpdateSchema>;
export type HoursUpdateInput = z.input<typeof HoursUpdateSchema>;

export const PauseSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('minutes'), minutes: z.literal(PAUSE_MINUTES) }),
  /** An instant with an offset; the screen builds it from a wall time in the truck's zone. */
  z.strictObject({ kind: z.literal('until'), until: z.iso.datetime({ offset: true }) }),
]);
export type Pause = z.infer<typeof PauseSchema>;

const InstantSchema = z.iso.datetime({ offset: true });

/** "Open now until …" or "closed, opens …" at the moment the server answered. */
export const OpenStatusViewSchema = z.discriminatedUnion('open', [
  z.object({ open: z.literal(true), until: InstantSchema }),
  z.object({ open: z.literal(false), reason: z.enum(['closed', 'exception_closed', 'paused']), opensAt: InstantSchema.nullable() }),
]);
export type OpenStatusView = z.infer<typeof OpenStatusViewSchema>;

/** The form Date.prototype.toISOString gives, so instants from the database and from the rules read alike. */
const isoString = (instant: Temporal.Instant) => instant.toString({ smallestUnit: 'millisecond' });

export function openStatusView(status: OpenStatus): OpenStatusView {
  if (status.open) return { open: true, until: isoString(status.until) };
  return { open: false, reason: status.reason, opensAt: status.opensAt ? isoString(status.opensAt) : null };
}

export const HoursSchema = z.object({
  ...timetableShape,
  pausedUntil: InstantSchema.nullable(),
  version: z.int().nonnegative(),
  status: OpenStatusViewSchema,
});
export type Hours = z.infer<typeof HoursSchema>;

/** The schedule the rules work on, from what the endpoints answer. */
export function scheduleOf(hours: Pick<Hours, 'timeZone' | 'days' | 'exceptions' | 'pausedUntil'>): Schedule {
  return { timeZone: hours.timeZone, days: hours.days, exceptions: hours.exceptions, pausedUntil: hours.pausedUntil };
}
