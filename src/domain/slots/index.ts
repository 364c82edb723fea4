/**
 * Ordering ahead for a time slot (issue #46): a truck's slot settings and the one pure answer to
 * "which slots can a customer pick in the coming days, and how many places does each have left".
 * Slots are cut from each shift from its opening, every `intervalMinutes`; a slot is offered when it
 * starts no sooner than now + max(lead time, prep time), the truck is not paused then, neither the
 * slot nor its day is closed by the owner, and fewer orders than `capacity` have taken it.
 * Instants only (ISO strings, UTC): each reader writes them in its language and the truck's time zone.
 */
import { z } from 'zod';
import { Temporal } from 'temporal-polyfill';
import type { Schedule } from '../hours/schedule.schema';
import { shiftsOn } from '../hours/shift-calendar';
import { localDateOf, toInstant, type InstantInput } from '../hours/wall-clock';

export const SLOT_INTERVALS = [10, 15, 20, 30, 60] as const;
export const SLOT_LIMITS = { maxLeadMinutes: 24 * 60, maxCapacity: 500, maxDaysAhead: 7, maxClosures: 200 } as const;

export const SlotSettingsSchema = z.strictObject({
  /** Off: customers order as soon as possible only. */
  enabled: z.boolean().default(false),
  intervalMinutes: z.union(SLOT_INTERVALS.map((minutes) => z.literal(minutes))).default(15),
  /** The soonest a slot may start after the order is placed (the prep time counts too, whichever is longer). */
  leadMinutes: z.int().min(0).max(SLOT_LIMITS.maxLeadMinutes).default(30),
  /** Orders one slot takes at most. */
  capacity: z.int().min(1).max(SLOT_LIMITS.maxCapacity).default(4),
  /** How many days, today included, a customer can order ahead. */
  daysAhead: z.int().min(1).max(SLOT_LIMITS.maxDaysAhead).default(3),
  /** Ring the truck this many minutes before the slot starts, on top of the prep time (the order is then due for preparation). */
  ringLeadMinutes: z.int().min(0).max(240).default(0),
});
export type SlotSettings = z.infer<typeof SlotSettingsSchema>;
export type SlotSettingsInput = z.input<typeof SlotSettingsSchema>;
export const DEFAULT_SLOT_SETTINGS: SlotSettings = SlotSettingsSchema.parse({});

/** What the owner closed to new orders: whole local days (YYYY-MM-DD) and single slots (their start instants). */
export const SlotClosuresSchema = z.strictObject({
  days: z.array(z.iso.date()).max(SLOT_LIMITS.maxClosures).default([]),
  slots: z.array(z.iso.datetime({ offset: true })).max(SLOT_LIMITS.maxClosures).default([]),
});
export type SlotClosures = z.infer<typeof SlotClosuresSchema>;

export const SLOT_STATES = ['open', 'full', 'closed'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

export const SlotSchema = z.object({
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** Places left (0 when full or closed). */
  remaining: z.int().min(0),
  state: z.enum(SLOT_STATES),
  deliveryEnabled: z.boolean(),
});
export type Slot = z.infer<typeof SlotSchema>;

export const SlotDaySchema = z.object({
  date: z.iso.date(),
  /** The owner closed the whole day to new orders. */
  closed: z.boolean(),
  slots: z.array(SlotSchema),
});
export type SlotDay = z.infer<typeof SlotDaySchema>;

export const SlotWeekSchema = z.object({
  enabled: z.boolean(),
  intervalMinutes: z.int(),
  timeZone: z.string(),
  days: z.array(SlotDaySchema),
});
export type SlotWeek = z.infer<typeof SlotWeekSchema>;

export interface SlotInputs {
  schedule: Schedule;
  settings: SlotSettings;
  closures: SlotClosures;
  /** The truck's preparation time, minutes. */
  prepMinutes: number;
  now: InstantInput;
  /** Orders already holding each slot, by its start instant (epoch milliseconds). */
  taken: ReadonlyMap<number, number>;
}

/** A slot key: the start instant in epoch milliseconds, the same whatever offset the ISO string was written with. */
export function slotKey(startsAt: InstantInput): number {
  return toInstant(startsAt).epochMilliseconds;
}

/** The slots of the coming `daysAhead` days from the truck's today, those starting too soon left out. */
export function listSlots({ schedule, settings, closures, prepMinutes, now, taken }: SlotInputs): SlotDay[] {
  const at = toInstant(now);
  const earliest = at.add({ minutes: Math.max(settings.leadMinutes, prepMinutes, 0) }).epochMilliseconds;
  const pausedUntil = schedule.pausedUntil ? slotKey(schedule.pausedUntil) : null;
  const closedDays = new Set(closures.days);
  const closedSlots = new Set(closures.slots.map(slotKey));
  const step = settings.intervalMinutes * 60_000;
  const today = localDateOf(at, schedule.timeZone);
  const days: SlotDay[] = [];
  const byDate = new Map<string, Slot[]>();
  for (let offset = 0; offset < settings.daysAhead; offset += 1) {
    const key = today.add({ days: offset }).toString();
    const slots: Slot[] = [];
    byDate.set(key, slots);
    days.push({ date: key, closed: closedDays.has(key), slots });
  }
  // From yesterday: an overnight shift opened then still gives slots today. A slot belongs to the local date it starts on.
  for (let offset = -1; offset < settings.daysAhead; offset += 1) {
    for (const shift of shiftsOn(schedule, today.add({ days: offset }))) {
      const closes = shift.closesAt.epochMilliseconds;
      for (let start = shift.opensAt.epochMilliseconds; start + step <= closes; start += step) {
        if (start < earliest) continue;
        if (pausedUntil !== null && start < pausedUntil) continue;
        const date = localDateOf(Temporal.Instant.fromEpochMilliseconds(start), schedule.timeZone).toString();
        const slots = byDate.get(date);
        if (!slots) continue;
        const closed = closedDays.has(date) || closedSlots.has(start);
        const left = Math.max(settings.capacity - (taken.get(start) ?? 0), 0);
        const state: SlotState = closed ? 'closed' : left === 0 ? 'full' : 'open';
        slots.push({
          startsAt: new Date(start).toISOString(),
          endsAt: new Date(start + step).toISOString(),
          remaining: state === 'open' ? left : 0,
          state,
          deliveryEnabled: shift.deliveryEnabled,
        });
      }
    }
  }
  return days;
}

export type SlotProblem = 'slots_off' | 'slot_unknown' | 'slot_closed' | 'slot_full';

/**
 * Whether an order may take the slot starting at `startsAt`: null when it may (capacity is then
 * claimed atomically by the writer, this only answers from the counts it was given).
 */
export function slotProblem(inputs: SlotInputs, startsAt: InstantInput): SlotProblem | null {
  if (!inputs.settings.enabled) return 'slots_off';
  let wanted: number;
  try {
    wanted = slotKey(startsAt);
  } catch {
    return 'slot_unknown';
  }
  for (const day of listSlots(inputs)) {
    const slot = day.slots.find((candidate) => slotKey(candidate.startsAt) === wanted);
    if (!slot) continue;
    return slot.state === 'open' ? null : slot.state === 'full' ? 'slot_full' : 'slot_closed';
  }
  return 'slot_unknown';
}

/**
 * When a scheduled order is due for preparation and should ring: its prep time plus the truck's ring
 * lead before the slot starts, never before it was placed.
 */
export function dueForPreparationAt(slotStartsAt: InstantInput, prepMinutes: number, ringLeadMinutes: number, placedAt: InstantInput): string {
  const due = toInstant(slotStartsAt).subtract({ minutes: Math.max(prepMinutes, 0) + Math.max(ringLeadMinutes, 0) });
  const placed = toInstant(placedAt);
  return (Temporal.Instant.compare(due, placed) < 0 ? placed : due).toString();
}
