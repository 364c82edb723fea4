/**
 * The demo that comes alive: on the embedded demo, a customer orders from the demo truck every
 * 45–90 s — random items and options from its menu, pickup or delivery to a point inside one of its
 * zones — through the public intake like any customer app, so the dashboard rings and /home moves.
 *
 * It runs only for the demo truck of the demo seed (nothing else is ever touched), only on the
 * embedded database unless DEMO_SIMULATOR=on, never when DEMO_SIMULATOR=off, and says so on the
 * console. The clock and the dice are parameters, so a test can run it without waiting.
 */
import { isAvailable, type MenuItem } from '@domain/menu';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env';
import type { DatabaseKind } from '../db/database';
import { DEMO_TRUCK_IDS } from './demo-trucks';
import { loadZones, type ZoneRecord } from '../db/queries/availability';
import { menuItemsOf } from '../db/queries/menu';
import { trucks } from '../db/tables/trucks';

export const SIMULATOR_DELAY_MS = { min: 45_000, max: 90_000 } as const;

const CUSTOMERS = [
  'Dana Al-Fahad', 'Bader Al-Hajri', 'Maryam Al-Azmi', 'Jassim Al-Kharafi', 'Lulwa Al-Qattan', 'Talal Al-Sager',
  'دانة الفهد', 'بدر الهاجري', 'مريم العازمي', 'جاسم الخرافي', 'لولوة القطان', 'طلال الصقر',
];
const STREETS = ['Street 3', 'Street 7', 'Street 12', 'Street 21', 'Street 30'];
const NOTES = ['', '', '', '', 'Extra spicy please', 'No onions', 'بدون طماطم'];

export interface SimulatorClock {
  /** Resolves after `ms` (or when the simulator stops: then `signal` is aborted). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const realClock: SimulatorClock = {
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    }),
};

export interface SimulatorOptions {
  truckId?: string;
  clock?: SimulatorClock;
  random?: () => number;
  /** Told of each attempt: the order's number (`#042`) or the intake's refusal code. */
  onOrder?: (outcome: { status: number; body: unknown }) => void;
}

/** Whether this process runs the simulator: the embedded demo by default, with DATABASE_URL only when asked. */
export function simulatorWanted(setting: Config['demoSimulator'], kind: DatabaseKind): boolean {
  if (setting === 'off') return false;
  return setting === 'on' || kind === 'embedded';
}

type Pick = <T>(items: readonly T[]) => T;

/** A point well inside a zone: near a circle's centre, or the middle of a polygon's vertices. */
function pointIn(zone: ZoneRecord, random: () => number, stop: { lat: number; lng: number } | null): { lat: number; lng: number } | null {
  const jitter = (radiusM: number) => ((random() - 0.5) * radiusM * 0.8) / 111_000;
  switch (zone.shape.kind) {
    case 'circle':
      return { lat: zone.shape.center.lat + jitter(zone.shape.radiusM), lng: zone.shape.center.lng + jitter(zone.shape.radiusM) };
    case 'truck-stop-circle':
      return stop && { lat: stop.lat + jitter(zone.shape.radiusM), lng: stop.lng + jitter(zone.shape.radiusM) };
    case 'polygon': {
      const ring = zone.shape.coordinates.slice(0, -1);
      return { lng: ring.reduce((sum, [lng]) => sum + lng!, 0) / ring.length, lat: ring.reduce((sum, [, lat]) => sum + lat!, 0) / ring.length };
    }
  }
}

/** One to three lines of what is on sale now, each with a valid choice of options; more while below `minimum`. */
function basket(items: readonly MenuItem[], random: () => number, pick: Pick, now: Date, minimum = 0) {
  const onSale = items.filter((item) => isAvailable(item, now));
  const count = 1 + Math.floor(random() * random() * 3);
  const lines: { itemId: string; optionIds: string[]; qty: number; note: string }[] = [];
  let subtotal = 0;
  while ((lines.length < count || subtotal < minimum) && lines.length < 12) {
    const item = pick(onSale);
    const optionIds = item.optionGroups.flatMap((group) => {
      const open = group.options.filter((option) => isAvailable(option, now));
      const wanted = Math.min(open.length, group.required ? Math.max(1, group.minSelections) : Math.floor(random() * (group.maxSelections + 1)));
      const chosen = [...open].sort(() => random() - 0.5).slice(0, Math.max(wanted, group.minSelections));
      subtotal += chosen.reduce((sum, option) => sum + option.priceDeltaMinor, 0);
      return chosen.map((option) => option.id);
    });
    const qty = 1 + Math.floor(random() * random() * 3);
    subtotal += item.priceMinor * qty;
    lines.push({ itemId: item.id, optionIds, qty, note: pick(NOTES) });
  }
  return lines;
}

/**
 * Starts placing orders on the demo truck if it is there and approved; returns the stop function,
 * or null when there is nothing to simulate.
 */
export async function startDemoSimulator(app: FastifyInstance, options: SimulatorOptions = {}): Promise<(() => Promise<void>) | null> {
  const truckId = options.truckId ?? DEMO_TRUCK_IDS.approved;
  const clock = options.clock ?? realClock;
  const random = options.random ?? Math.random;
  const pick: Pick = (items) => items[Math.floor(random() * items.length)]!;
  const { db } = app.database;
  const [truck] = await db.select({ slug: trucks.slug, nameEn: trucks.nameEn, status: trucks.status, lat: trucks.lat, lng: trucks.lng }).from(trucks).where(eq(trucks.id, truckId));
  if (!truck?.slug || truck.status !== 'approved') return null;
  const slug = truck.slug;

  async function placeOne(): Promise<void> {
    const now = new Date();
    const items = await menuItemsOf(db, truckId, { now });
    if (!items.some((item) => isAvailable(item, now))) return;
    const zones = (await loadZones(db, truckId)).filter((zone) => zone.active);
    const customer = { name: pick(CUSTOMERS), phone: `+9656${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}` };
    const paymentMethod = pick(['cash', 'card', 'online'] as const);
    // About a third delivered, as the demo's history has it; a delivery customer orders enough for the zone.
    const zone = zones.length > 0 && random() < 0.35 ? pick(zones) : null;
    const lines = basket(items, random, pick, now, zone?.minimumOrder ?? 0);
    const point = zone && pointIn(zone, random, truck!.lat !== null && truck!.lng !== null ? { lat: truck!.lat, lng: truck!.lng } : null);
    const send = (body: object) =>
      app.inject({ method: 'POST', url: `/api/v1/public/trucks/${slug}/orders`, headers: { 'accept-language': 'en' }, payload: body });
    let res = point
      ? await send({ lines, customer, paymentMethod, type: 'delivery', delivery: { address: `${zone!.name}, ${pick(STREETS)}`, ...point } })
      : await send({ lines, customer, paymentMethod, type: 'pickup' });
    // A delivery below the zone's minimum or outside it today: the customer collects it instead.
    if (point && res.statusCode === 422) res = await send({ lines, customer, paymentMethod, type: 'pickup' });
    options.onOrder?.({ status: res.statusCode, body: res.json() });
    if (res.statusCode !== 201) app.log.debug({ status: res.statusCode, body: res.body }, 'demo simulator: order refused');
  }

  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      const delay = SIMULATOR_DELAY_MS.min + Math.floor(random() * (SIMULATOR_DELAY_MS.max - SIMULATOR_DELAY_MS.min + 1));
      await clock.sleep(delay, stopping.signal);
      if (stopping.signal.aborted) break;
      await placeOne().catch((error: unknown) => app.log.warn({ err: error }, 'demo simulator: could not place an order'));
    }
  })();
  app.log.info(`Demo simulator: a customer orders from "${truck.nameEn}" every 45–90 s (set DEMO_SIMULATOR=off to stop it)`);
  return async () => {
    stopping.abort();
    await loop;
  };
}
