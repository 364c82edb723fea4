/**
 * Delivery zones: the list (with where the truck stands, the centre of zones that follow it),
 * create, save against the version the editor loaded, delete, and the "test a point" tool, which
 * answers with the very matching the order intake uses.
 */
import { shiftSpotAt, truckStopAt } from '@domain/availability';
import { DomainError } from '@domain/errors';
import type { Currency } from '@domain/money';
import {
  deliveryQuote,
  matchZone,
  MAX_ZONES_PER_TRUCK,
  type DeliveryQuote,
  type DeliveryZone,
  type Zone,
  type ZoneList,
  type ZoneTest,
  type ZoneUpdate,
} from '@domain/zones';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadPreparedZones, loadSchedule, loadZones } from '../../db/queries/availability';
import { trucks } from '../../db/tables/trucks';
import { deliveryZones } from '../../db/tables/zones';
import type { TruckRow } from '../../platform/truck-access';

const zoneNotFound = () => new DomainError('zone_not_found', 404);

type ZoneRow = typeof deliveryZones.$inferSelect;

function toZone(row: ZoneRow): Zone {
  const { id, name, shape, feeRules, minimumOrder, estimatedMinutes, active, version } = row;
  return { id, name, shape, feeRules, minimumOrder, estimatedMinutes, active, version };
}

function columnsOf(zone: DeliveryZone) {
  const { name, shape, feeRules, minimumOrder, estimatedMinutes, active } = zone;
  return { name, shape, feeRules, minimumOrder, estimatedMinutes, active };
}

export function createZonesService(app: FastifyInstance) {
  const { db } = app.database;

  const baseOf = (truck: TruckRow) => (truck.lat === null || truck.lng === null ? null : { lat: truck.lat, lng: truck.lng });

  async function truckStop(truck: TruckRow, now: Date) {
    const schedule = await loadSchedule(db, truck.id);
    return schedule ? truckStopAt(schedule, baseOf(truck), now) : baseOf(truck);
  }

  async function list(truck: TruckRow, now = new Date()): Promise<ZoneList> {
    const [zones, schedule] = await Promise.all([loadZones(db, truck.id), loadSchedule(db, truck.id)]);
    const base = baseOf(truck);
    const spot = schedule ? shiftSpotAt(schedule, now) : undefined;
    return {
      zones,
      truckStop: schedule ? truckStopAt(schedule, base, now) : base,
      base,
      parkingSpot: spot ? { lat: spot.lat, lng: spot.lng, address: spot.address } : null,
      currency: truck.currency as Currency,
    };
  }

  async function create(truck: TruckRow, zone: DeliveryZone): Promise<Zone> {
    return db.transaction(async (tx) => {
      // Two creations at once must not both pass the count: the truck's row is their meeting point.
      await tx.select({ id: trucks.id }).from(trucks).where(eq(trucks.id, truck.id)).for('no key update');
      const [existing] = await tx.select({ n: count() }).from(deliveryZones).where(eq(deliveryZones.truckId, truck.id));
      if ((existing?.n ?? 0) >= MAX_ZONES_PER_TRUCK) throw new DomainError('too_many_zones', 409, { maximum: MAX_ZONES_PER_TRUCK });
      const [row] = await tx.insert(deliveryZones).values({ truckId: truck.id, ...columnsOf(zone) }).returning();
      return toZone(row!);
    });
  }

  async function update(truck: TruckRow, zoneId: string, zone: ZoneUpdate, now = new Date()): Promise<Zone> {
    const [row] = await db
      .update(deliveryZones)
      .set({ ...columnsOf(zone), version: zone.version + 1, updatedAt: now })
      .where(and(eq(deliveryZones.truckId, truck.id), eq(deliveryZones.id, zoneId), eq(deliveryZones.version, zone.version)))
      .returning();
    if (row) return toZone(row);
    const [current] = await db
      .select({ version: deliveryZones.version })
      .from(deliveryZones)
      .where(and(eq(deliveryZones.truckId, truck.id), eq(deliveryZones.id, zoneId)));
    if (!current) throw zoneNotFound();
    throw new DomainError('conflict', 409, { version: current.version });
  }

  async function remove(truck: TruckRow, zoneId: string): Promise<void> {
    const deleted = await db
      .delete(deliveryZones)
      .where(and(eq(deliveryZones.truckId, truck.id), eq(deliveryZones.id, zoneId)))
      .returning({ id: deliveryZones.id });
    if (deleted.length === 0) throw zoneNotFound();
  }

  /** The saved zones' answer for a point: the same matching as the order intake, the truck where its shifts put it. */
  async function test(truck: TruckRow, point: ZoneTest, now = new Date()): Promise<DeliveryQuote> {
    const [zones, stop] = await Promise.all([loadPreparedZones(db, truck.id), truckStop(truck, now)]);
    return deliveryQuote(matchZone(zones, point, point.subtotal, stop ? { truckStop: stop } : {}));
  }

  return { list, create, update, remove, test };
}
