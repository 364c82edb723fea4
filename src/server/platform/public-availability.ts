/**
 * "Open now, and does it deliver here?" for the customers of the truck with a slug, shared by the
 * public availability route (features/hours) and the truck page (features/storefront).
 *
 * The facts (the truck's status, time zone and pause, its documents, hours and zones) come from the
 * read cache: kept until the truck, its hours, documents or zones change (their triggers notify
 * `truck:<id>`, migrations 0009 and 0010), in every process. What the hours say is worked out once
 * per stretch of time (availabilitySpan: the next shift opening or closing, the pause ending or the
 * local date changing) and kept with those facts, so a request in the steady state does no time zone
 * arithmetic; new facts (a pause, an edit, a suspension) are a new object and start afresh.
 * Order intake checks and prices from the same kept facts (`factsOf`, features/orders/orders.intake.ts).
 */
import { availabilityIn, availabilitySpan, type Availability, type AvailabilitySpan } from '@domain/availability';
import { localToday, tradingBlocks, type TradingBlock } from '@domain/trucks';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { compiledZones, loadAvailabilityRecords } from '../db/queries/availability';
import { truckIdOfSlug } from '../db/queries/truck-slug';
import { truckDocuments, trucks } from '../db/tables/trucks';

export interface PublicAvailability {
  truck: { id: string; currency: string; timeZone: string };
  span: AvailabilitySpan;
  /** Why the truck may not trade today; empty when it may. */
  blocks: readonly TradingBlock[];
  /** The answer, with the delivery quote for a point when one is asked about. */
  answer(ask?: { point: { lat: number; lng: number }; subtotal: number }): Availability;
}

async function loadFacts(db: Db, truckId: string) {
  const [truck] = await db.select({ id: trucks.id, status: trucks.status, timeZone: trucks.timeZone, currency: trucks.currency }).from(trucks).where(eq(trucks.id, truckId));
  if (!truck) return undefined;
  const [documents, records] = await Promise.all([
    db.select({ type: truckDocuments.type, expiryDate: truckDocuments.expiryDate }).from(truckDocuments).where(eq(truckDocuments.truckId, truckId)),
    loadAvailabilityRecords(db, truckId),
  ]);
  return records ? { truck, documents, ...records } : undefined;
}

type Facts = NonNullable<Awaited<ReturnType<typeof loadFacts>>>;

/** Keyed by the kept facts: when the read cache drops them, their spans go too. */
const spans = new WeakMap<Facts, AvailabilitySpan & { blocks: readonly TradingBlock[] }>();

export function createPublicAvailability(app: FastifyInstance) {
  const { db } = app.database;

  /** The truck's kept facts (status, time zone, documents, hours, zones); undefined when there is no such truck. */
  const factsOf = (truckId: string) => app.readCache.remember(`public-availability:${truckId}`, [`truck:${truckId}`], () => loadFacts(db, truckId));

  async function facts(slug: string) {
    const truckId = await truckIdOfSlug(db, app.readCache, slug);
    if (!truckId) return undefined;
    return factsOf(truckId);
  }

  /** Undefined when no truck has this slug. */
  async function at(slug: string, now = new Date()): Promise<PublicAvailability | undefined> {
    const found = await facts(slug);
    if (!found) return undefined;
    const time = now.getTime();
    let span = spans.get(found);
    if (!span || time < span.from || time >= span.until) {
      // A span ends by the next local midnight at the latest, so today's trading blocks hold throughout.
      const blocks = tradingBlocks({ status: found.truck.status, documents: found.documents }, localToday(found.truck.timeZone, now));
      span = { ...availabilitySpan({ schedule: found.schedule, mayTrade: blocks.length === 0 }, now), blocks };
      spans.set(found, span);
    }
    const { truck, base, zones } = found;
    const kept = span;
    return {
      truck,
      span: kept,
      blocks: kept.blocks,
      answer: (ask) => ({ ...availabilityIn(kept, { zones: compiledZones(zones), base }, ask), currency: truck.currency, timeZone: truck.timeZone }),
    };
  }

  return { at, factsOf };
}
