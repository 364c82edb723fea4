/**
 * The demo simulator on a clock the test turns: each turn is a 45–90 s wait, after which one
 * plausible order reaches the demo truck through the public intake (items and options from its
 * menu, pickup or delivery inside a zone); it touches no other truck, stops when asked, and runs
 * only where it should (embedded demo; DATABASE_URL only when asked; never when turned off).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@testing/test-app';
import { seedDemoData } from './demo-data';
import { SIMULATOR_DELAY_MS, simulatorWanted, startDemoSimulator, type SimulatorClock } from './demo-simulator';
import { DEMO_TRUCK_IDS } from './demo-trucks';
import { orderLines, orders } from '../db/tables/orders';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
  await seedDemoData(test.database.db, { info: () => {} }, test.config.uploadsDir);
});

/** A seeded generator, so a run is the same every time. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A clock that waits for the test: `turn()` ends the current wait and resolves with what the simulator did next. */
function manualClock() {
  const delays: number[] = [];
  let wake: (() => void) | undefined;
  let slept: (() => void) | undefined;
  let asleep = new Promise<void>((resolve) => (slept = resolve));
  const clock: SimulatorClock = {
    sleep(ms, signal) {
      delays.push(ms);
      return new Promise((resolve) => {
        wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
        slept?.();
      });
    },
  };
  return {
    clock,
    delays,
    /** Ends the wait under way once the simulator is waiting, and resolves when it is waiting again. */
    async turn() {
      await asleep;
      asleep = new Promise<void>((resolve) => (slept = resolve));
      wake!();
      await asleep;
    },
  };
}

describe('the demo simulator', () => {
  it('places one plausible order on the demo truck after each wait of 45–90 s', async () => {
    const { db } = test.database;
    const count = async (where = eq(orders.truckId, DEMO_TRUCK_IDS.approved)) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where))[0]!.n;
    const before = await count();
    const others = await count(ne(orders.truckId, DEMO_TRUCK_IDS.approved));
    const outcomes: { status: number; body: unknown }[] = [];
    const { clock, delays, turn } = manualClock();
    const stop = await startDemoSimulator(test.app, { clock, random: seeded(7), onOrder: (outcome) => outcomes.push(outcome) });
    expect(stop).not.toBeNull();

    const TURNS = 12;
    for (let i = 0; i < TURNS; i++) await turn();
    await stop!();

    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(TURNS).fill(201));
    expect(await count()).toBe(before + TURNS);
    expect(await count(ne(orders.truckId, DEMO_TRUCK_IDS.approved))).toBe(others);
    expect(delays.length).toBeGreaterThanOrEqual(TURNS);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(SIMULATOR_DELAY_MS.min);
      expect(delay).toBeLessThanOrEqual(SIMULATOR_DELAY_MS.max);
    }
    expect(new Set(delays).size).toBeGreaterThan(1);

    const placed = await db
      .select({ id: orders.id, type: orders.type, zone: orders.zoneName, status: orders.status, source: orders.source })
      .from(orders)
      .where(and(eq(orders.truckId, DEMO_TRUCK_IDS.approved), sql`${orders.id} IN (${sql.join(outcomes.map((o) => sql`${(o.body as { id: string }).id}::uuid`), sql`, `)})`));
    expect(placed).toHaveLength(TURNS);
    expect(placed.every((order) => order.status === 'pending' && order.source === 'online')).toBe(true);
    expect(new Set(placed.map((order) => order.type))).toEqual(new Set(['pickup', 'delivery']));
    expect(placed.filter((order) => order.type === 'delivery').every((order) => order.zone !== null)).toBe(true);
    const withOptions = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderLines)
      .where(and(eq(orderLines.truckId, DEMO_TRUCK_IDS.approved), sql`${orderLines.orderId} IN (${sql.join(placed.map((o) => sql`${o.id}::uuid`), sql`, `)})`, sql`jsonb_array_length(${orderLines.options}) > 0`));
    expect(withOptions[0]!.n).toBeGreaterThan(0);
  });

  it('does nothing without the demo truck', async () => {
    expect(await startDemoSimulator(test.app, { truckId: '00000000-0000-4000-8000-000000000000' })).toBeNull();
  });

  it('runs on the embedded demo, with DATABASE_URL only when asked, never when turned off', () => {
    expect(simulatorWanted('auto', 'embedded')).toBe(true);
    expect(simulatorWanted('auto', 'external')).toBe(false);
    expect(simulatorWanted('on', 'external')).toBe(true);
    expect(simulatorWanted('off', 'embedded')).toBe(false);
  });
});
