/**
 * The truck's week of stops (docs/product.md §2.9): for each of the coming days, from the truck's
 * today, the shifts it opens with where it parks, and whether the day is a regular one, a special
 * one (an exception with shifts of its own: a holiday, Ramadan hours) or closed by an exception.
 * One answer for the truck page, its calendar feed, its widget, its structured data and the owner's
 * hours screen. Instants only: each reader writes them in its language and the truck's time zone.
 */
import { z } from 'zod';
import { Temporal } from 'temporal-polyfill';
import type { Schedule, Spot } from './schedule.schema';
import { shiftsOn } from './shift-calendar';
import { localDateOf, toInstant, type InstantInput } from './wall-clock';

export const STOP_WEEK_DAYS = 7;

const StopSpotSchema = z.object({ address: z.string(), lat: z.number(), lng: z.number() });

export const StopSchema = z.object({
  opensAt: z.iso.datetime({ offset: true }),
  closesAt: z.iso.datetime({ offset: true }),
  /** The shift's own spot, else the truck's base; null when neither says where. */
  spot: StopSpotSchema.nullable(),
  deliveryEnabled: z.boolean(),
});
export type Stop = z.infer<typeof StopSchema>;

export const STOP_DAY_KINDS = ['regular', 'special', 'closed'] as const;
export type StopDayKind = (typeof STOP_DAY_KINDS)[number];

export const StopDaySchema = z.object({
  /** The truck's local date (YYYY-MM-DD). */
  date: z.iso.date(),
  kind: z.enum(STOP_DAY_KINDS),
  /** In opening order; the first day also lists a shift of the day before still running at the start. */
  stops: z.array(StopSchema),
});
export type StopDay = z.infer<typeof StopDaySchema>;

export const StopWeekSchema = z.object({
  timeZone: z.string(),
  days: z.array(StopDaySchema),
});
export type StopWeek = z.infer<typeof StopWeekSchema>;

const iso = (instant: Temporal.Instant) => instant.toString({ smallestUnit: 'millisecond' });

/** `days` days from the truck's local date at `at`. Shifts that closed before `at` stay listed: the reader marks them past. */
export function stopWeek(schedule: Schedule, base: Spot | null, at: InstantInput, days = STOP_WEEK_DAYS): StopWeek {
  const t = toInstant(at);
  const today = localDateOf(t, schedule.timeZone);
  const stopOf = (shift: ReturnType<typeof shiftsOn>[number]): Stop => ({
    opensAt: iso(shift.opensAt),
    closesAt: iso(shift.closesAt),
    spot: shift.spot ?? base,
    deliveryEnabled: shift.deliveryEnabled,
  });
  const spill = shiftsOn(schedule, today.subtract({ days: 1 })).filter((shift) => Temporal.Instant.compare(shift.closesAt, t) > 0);
  const out: StopDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = today.add({ days: i });
    const exception = schedule.exceptions[date.toString()];
    const kind: StopDayKind = exception ? (exception.kind === 'closed' ? 'closed' : 'special') : 'regular';
    const own = shiftsOn(schedule, date).map(stopOf);
    out.push({ date: date.toString(), kind, stops: i === 0 ? [...spill.map(stopOf), ...own] : own });
  }
  return { timeZone: schedule.timeZone, days: out };
}

export { SOON_MINUTES, stopTiming, upcomingStops, type StopTiming } from './stop-timing';
