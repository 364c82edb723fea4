/**
 * Operating hours: the weekly shifts and exceptions (saved whole, against the version the editor
 * loaded), the pause, and the public "open? delivers here?" answer.
 *
 * The time zone and the pause are columns of the truck (time_zone, paused_until), not copies kept
 * here: the truck details and this screen edit the same column, so they cannot drift apart.
 */
import type { Availability, AvailabilityQuery } from '@domain/availability';
import { DomainError } from '@domain/errors';
import { MAX_PAUSE_HOURS, openStatus, openStatusView, type Hours, type HoursUpdate, type Pause, type Schedule } from '@domain/hours';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { scheduleFrom } from '../../db/queries/availability';
import { truckSchedules } from '../../db/tables/hours';
import { trucks } from '../../db/tables/trucks';
import { createPublicAvailability } from '../../platform/public-availability';
import { truckNotFound, type TruckRow } from '../../platform/truck-access';

const conflict = (version: number) => new DomainError('conflict', 409, { version });
const pauseRefused = (code: string, params?: Record<string, unknown>) =>
  new DomainError('validation_failed', 400, undefined, [{ path: 'until', code, ...(params ? { params } : {}) }]);

/** Exceptions of past dates no longer change anything; the day before today stays for its overnight spill. */
function withoutPastExceptions(exceptions: Schedule['exceptions'], timeZone: string, now: Date): Schedule['exceptions'] {
  const yesterday = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().subtract({ days: 1 }).toString();
  // ISO dates compare as strings.
  return Object.fromEntries(Object.entries(exceptions).filter(([date]) => date >= yesterday));
}

function hoursView(schedule: Schedule, version: number, now: Date): Hours {
  return {
    timeZone: schedule.timeZone,
    days: schedule.days,
    exceptions: schedule.exceptions,
    pausedUntil: schedule.pausedUntil ?? null,
    version,
    status: openStatusView(openStatus(schedule, now)),
  };
}

export function createHoursService(app: FastifyInstance) {
  const { db } = app.database;
  const publicAvailability = createPublicAvailability(app);

  async function view(truck: Pick<TruckRow, 'id' | 'timeZone' | 'pausedUntil'>, now = new Date()): Promise<Hours> {
    const [row] = await db.select().from(truckSchedules).where(eq(truckSchedules.truckId, truck.id));
    return hoursView(scheduleFrom(truck, row), row?.version ?? 0, now);
  }

  async function save(truck: TruckRow, update: HoursUpdate, now = new Date()): Promise<Hours> {
    const values = { days: update.days, exceptions: withoutPastExceptions(update.exceptions, update.timeZone, now), updatedAt: now };
    const version = await db.transaction(async (tx) => {
      const [saved] =
        update.version === 0
          ? await tx.insert(truckSchedules).values({ truckId: truck.id, ...values }).onConflictDoNothing().returning({ version: truckSchedules.version })
          : await tx
              .update(truckSchedules)
              .set({ ...values, version: update.version + 1 })
              .where(and(eq(truckSchedules.truckId, truck.id), eq(truckSchedules.version, update.version)))
              .returning({ version: truckSchedules.version });
      if (!saved) {
        const [current] = await tx.select({ version: truckSchedules.version }).from(truckSchedules).where(eq(truckSchedules.truckId, truck.id));
        throw conflict(current?.version ?? 0);
      }
      if (update.timeZone !== truck.timeZone) {
        await tx.update(trucks).set({ timeZone: update.timeZone, updatedAt: now }).where(eq(trucks.id, truck.id));
      }
      return saved.version;
    });
    return hoursView(scheduleFrom({ timeZone: update.timeZone, pausedUntil: truck.pausedUntil }, values), version, now);
  }

  async function setPause(truck: TruckRow, pausedUntil: Date | null, now: Date): Promise<Hours> {
    await db.update(trucks).set({ pausedUntil, updatedAt: now }).where(eq(trucks.id, truck.id));
    return view({ ...truck, pausedUntil }, now);
  }

  /** "Busy, no orders until …": for a few minutes from now, or until a chosen instant within MAX_PAUSE_HOURS. */
  async function pause(truck: TruckRow, command: Pause, now = new Date()): Promise<Hours> {
    const until = command.kind === 'minutes' ? new Date(now.getTime() + command.minutes * 60_000) : new Date(Temporal.Instant.from(command.until).epochMilliseconds);
    if (until <= now) throw pauseRefused('pause_in_past');
    if (until.getTime() - now.getTime() > MAX_PAUSE_HOURS * 3_600_000) throw pauseRefused('pause_too_long', { maximumHours: MAX_PAUSE_HOURS });
    return setPause(truck, until, now);
  }

  async function resume(truck: TruckRow, now = new Date()): Promise<Hours> {
    return setPause(truck, null, now);
  }

  /** The public answer for the truck with this slug; 404 when no truck has it. */
  async function availability(slug: string, query: AvailabilityQuery, now = new Date()): Promise<Availability> {
    const found = await publicAvailability.at(slug, now);
    if (!found) throw truckNotFound();
    const point = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
    return found.answer(point && { point, subtotal: query.subtotal });
  }

  return { view, save, pause, resume, availability };
}
