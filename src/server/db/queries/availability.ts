/**
 * A truck's hours and zones as the rules in src/domain take them, for any feature that asks "open?"
 * or "delivers here?" (the hours and zones screens, the public page, the order intake). Zones are
 * compiled once and kept per truck; a one-row query tells whether they changed since, so every
 * server process sees another's edits at its next lookup.
 */
import type { Schedule } from '@domain/hours';
import { prepareZones, type DeliveryZone, type LatLng, type PreparedZones } from '@domain/zones';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { truckSchedules } from '../tables/hours';
import { trucks } from '../tables/trucks';
import { deliveryZones } from '../tables/zones';

export type ZoneRecord = DeliveryZone & { id: string; version: number };

const NO_SHIFTS: Schedule['days'] = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

export type ScheduleRow = typeof truckSchedules.$inferSelect;

/** The schedule of a truck: its own zone and pause, its shifts (none until the first save). */
export function scheduleFrom(truck: { timeZone: string; pausedUntil: Date | null }, row: Pick<ScheduleRow, 'days' | 'exceptions'> | undefined): Schedule {
  return {
    timeZone: truck.timeZone,
    days: row?.days ?? NO_SHIFTS,
    exceptions: row?.exceptions ?? {},
    pausedUntil: truck.pausedUntil?.toISOString() ?? null,
  };
}

async function loadTruckHours(db: Db, truckId: string): Promise<{ schedule: Schedule; base: LatLng | null } | null> {
  const [row] = await db
    .select({
      timeZone: trucks.timeZone,
      pausedUntil: trucks.pausedUntil,
      lat: trucks.lat,
      lng: trucks.lng,
      days: truckSchedules.days,
      exceptions: truckSchedules.exceptions,
    })
    .from(trucks)
    .leftJoin(truckSchedules, eq(truckSchedules.truckId, trucks.id))
    .where(eq(trucks.id, truckId));
  if (!row) return null;
  return {
    schedule: scheduleFrom(row, row.days && row.exceptions ? { days: row.days, exceptions: row.exceptions } : undefined),
    base: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
  };
}

/** Null when there is no such truck. */
export async function loadSchedule(db: Db, truckId: string): Promise<Schedule | null> {
  return (await loadTruckHours(db, truckId))?.schedule ?? null;
}

/** Every zone of the truck, active or not, oldest first. */
export async function loadZones(db: Db, truckId: string): Promise<ZoneRecord[]> {
  const rows = await db.select().from(deliveryZones).where(eq(deliveryZones.truckId, truckId)).orderBy(asc(deliveryZones.createdAt), asc(deliveryZones.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    shape: row.shape,
    feeRules: row.feeRules,
    minimumOrder: row.minimumOrder,
    estimatedMinutes: row.estimatedMinutes,
    active: row.active,
    version: row.version,
  }));
}

interface CachedZones {
  stamp: string;
  prepared: PreparedZones<ZoneRecord>;
}

/** Enough trucks for a busy process; the oldest entry leaves first. */
const MAX_CACHED_TRUCKS = 1_000;
const preparedByTruck = new Map<string, CachedZones>();

/** Changes with any insert, update (version, updated_at) or delete (count) of the truck's zones. */
async function zonesStamp(db: Db, truckId: string): Promise<string> {
  const [row] = await db
    .select({ stamp: sql<string>`count(*) || ':' || coalesce(sum(${deliveryZones.version}), 0) || ':' || coalesce(max(${deliveryZones.updatedAt})::text, '')` })
    .from(deliveryZones)
    .where(eq(deliveryZones.truckId, truckId));
  return row?.stamp ?? '';
}

/** The truck's active zones, compiled for matchZone. */
export async function loadPreparedZones(db: Db, truckId: string): Promise<PreparedZones<ZoneRecord>> {
  // The stamp is read before the zones: a change in between leaves an older stamp, so the next call reloads.
  const stamp = await zonesStamp(db, truckId);
  const cached = preparedByTruck.get(truckId);
  if (cached?.stamp === stamp) return cached.prepared;
  const prepared = prepareZones(await loadZones(db, truckId));
  preparedByTruck.delete(truckId);
  preparedByTruck.set(truckId, { stamp, prepared });
  if (preparedByTruck.size > MAX_CACHED_TRUCKS) preparedByTruck.delete(preparedByTruck.keys().next().value!);
  return prepared;
}

/**
 * Everything availabilityAt (src/domain/availability.ts) needs but `mayTrade`, as plain data (the
 * zones not compiled), fit for the read cache; null when there is no such truck. `compiledZones`
 * compiles a kept list once.
 */
export async function loadAvailabilityRecords(db: Db, truckId: string): Promise<{ schedule: Schedule; base: LatLng | null; zones: ZoneRecord[] } | null> {
  const [hours, zones] = await Promise.all([loadTruckHours(db, truckId), loadZones(db, truckId)]);
  return hours && { ...hours, zones };
}

/** Compiled once per list: a kept list is the same array until its truck changes, then a new one. */
const compiledByList = new WeakMap<readonly ZoneRecord[], PreparedZones<ZoneRecord>>();

export function compiledZones(zones: readonly ZoneRecord[]): PreparedZones<ZoneRecord> {
  let prepared = compiledByList.get(zones);
  if (!prepared) compiledByList.set(zones, (prepared = prepareZones(zones)));
  return prepared;
}
