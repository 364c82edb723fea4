/**
 * The dashboard's unfiltered tab counts, read from order_tab_counts (kept by the orders triggers,
 * folded by the orders-compact-tab-counts job), through the real app and a real database: after
 * creates, every kind of status change, direct deletes and folding, always equal to a GROUP BY over
 * the truck's orders; the database's tab of a status is the domain's.
 */
import type { OrderCounts } from '@domain/orders/contracts';
import { ORDER_STATUSES, tabOf } from '@domain/orders';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from '../../../testing/accounts';
import { orderCall, orderingTestApp, orderingTruck, placedOrderId, tabCounts, type OrderingTruck } from '../../../testing/orders';
import { orders, orderTabCounts } from '../../db/tables/orders';
import { createOrdersService } from './orders.service';

let app: FastifyInstance;
let admin: SignedUp;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, admin, truck } = await orderingTestApp());
});

async function apiCounts(of: OrderingTruck = truck): Promise<OrderCounts> {
  await app.readCache.settle();
  return tabCounts(app, of);
}

/** What the counts were before order_tab_counts: every order of the truck, grouped by tab. */
async function recount(of: OrderingTruck = truck): Promise<OrderCounts> {
  const rows = await app.database.db
    .select({ tab: orders.tab, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.truckId, of.truck.id))
    .groupBy(orders.tab);
  return { pending: 0, in_progress: 0, ready: 0, completed: 0, closed: 0, ...Object.fromEntries(rows.map((row) => [row.tab, row.n])) };
}

const countRows = async (of: OrderingTruck = truck) =>
  (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(orderTabCounts).where(eq(orderTabCounts.truckId, of.truck.id)))[0]!.n;

async function act(id: string, body: Record<string, unknown>): Promise<void> {
  const current = await orderCall(app, truck.staff, 'GET', `/trucks/${truck.truck.id}/orders/${id}`);
  const res = await orderCall(app, truck.staff, 'POST', `/trucks/${truck.truck.id}/orders/${id}/actions`, { ...body, version: (current.json() as { version: number }).version });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the unfiltered tab counts', () => {
  it('follow creates, accepting, moving on, rejecting, cancelling and expiring; folding keeps them', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await placedOrderId(app, truck));
    expect(await apiCounts()).toEqual({ pending: 6, in_progress: 0, ready: 0, completed: 0, closed: 0 });

    await act(ids[0]!, { action: 'accept', prepMinutes: 10 });
    await act(ids[1]!, { action: 'accept', prepMinutes: 10 });
    await act(ids[1]!, { action: 'start_preparing' });
    await act(ids[1]!, { action: 'mark_ready' });
    await act(ids[2]!, { action: 'reject', reason: 'Out of chicken' });
    await act(ids[3]!, { action: 'accept', prepMinutes: 5 });
    await act(ids[3]!, { action: 'cancel', reason: 'Customer called' });
    await act(ids[0]!, { action: 'delay', minutes: 5 });
    await app.database.db.update(orders).set({ acceptBy: new Date(Date.now() - 60_000) }).where(eq(orders.id, ids[4]!));
    await app.jobs.runNow('orders-expire-pending');

    const expected = { pending: 1, in_progress: 1, ready: 1, completed: 0, closed: 3 };
    expect(await recount()).toEqual(expected);
    expect(await apiCounts()).toEqual(expected);

    // The job also runs on its own every few seconds; this round folds whatever it has not.
    await app.jobs.runNow('orders-compact-tab-counts');
    // One row per tab that holds orders: the folded sums.
    expect(await countRows()).toBe(4);
    expect(await apiCounts()).toEqual(expected);
  });

  it('write no row for a change that leaves every order in its tab, and two for a move', async () => {
    const id = await placedOrderId(app, truck);
    // One snapshot throughout (the folding job may commit meanwhile), rolled back at the end.
    const client = await app.database.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const rows = async () => (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM order_tab_counts WHERE truck_id = $1`, [truck.truck.id])).rows[0]!.n;
      const before = await rows();
      await client.query(`UPDATE orders SET acknowledged_at = now(), estimated_ready_at = now() WHERE truck_id = $1 AND id = $2`, [truck.truck.id, id]);
      expect(await rows()).toBe(before);
      await client.query(`UPDATE orders SET status = 'accepted' WHERE truck_id = $1 AND id = $2`, [truck.truck.id, id]);
      expect(await rows()).toBe(before + 2);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    const res = await orderCall(app, truck.staff, 'POST', `/trucks/${truck.truck.id}/orders/acknowledge`, { orderIds: [id] });
    expect(res.statusCode, res.body).toBe(200);
    await act(id, { action: 'accept', prepMinutes: 10 });
    await act(id, { action: 'delay', minutes: 5 });
    expect(await apiCounts()).toEqual(await recount());
  });

  it('follow orders deleted directly, and go with a deleted truck', async () => {
    const other = await orderingTruck(app, admin);
    const [a, b] = [await placedOrderId(app, other), await placedOrderId(app, other)];
    await placedOrderId(app, other);
    await app.database.pool.query(`DELETE FROM orders WHERE truck_id = $1 AND id = ANY($2::uuid[])`, [other.truck.id, [a, b]]);
    expect(await apiCounts(other)).toEqual({ pending: 1, in_progress: 0, ready: 0, completed: 0, closed: 0 });
    expect(await apiCounts(other)).toEqual(await recount(other));

    await app.database.pool.query(`DELETE FROM trucks WHERE id = $1`, [other.truck.id]);
    expect(await countRows(other)).toBe(0);
  });

  it('stay equal to a recount while orders arrive and two processes fold at once', async () => {
    const services = [createOrdersService(app), createOrdersService(app)];
    const placing = Array.from({ length: 12 }, () => placedOrderId(app, truck));
    const folding = Array.from({ length: 6 }, (_, i) => services[i % 2]!.compactTabCounts());
    await Promise.all([...placing, ...folding]);
    await Promise.all(services.map((service) => service.compactTabCounts()));
    expect(await apiCounts()).toEqual(await recount());
    const { rows } = await app.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT tab FROM order_tab_counts WHERE truck_id = $1 GROUP BY tab HAVING count(*) > 1) scattered`,
      [truck.truck.id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('keep the filtered counts on the orders themselves', async () => {
    await placedOrderId(app, truck, { customer: { name: 'Zainab Filtered', phone: '+96555500001' } });
    const res = await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/counts?q=zainab`);
    expect(res.json()).toEqual({ pending: 1, in_progress: 0, ready: 0, completed: 0, closed: 0 });
  });
});

describe('the tab of a status', () => {
  it('is the domain’s in the database: the orders’ generated column the triggers count by', async () => {
    const id = await placedOrderId(app, truck);
    const client = await app.database.pool.connect();
    try {
      await client.query('BEGIN');
      for (const status of ORDER_STATUSES) {
        const { rows } = await client.query<{ tab: string }>(`UPDATE orders SET status = $3 WHERE truck_id = $1 AND id = $2 RETURNING tab`, [truck.truck.id, id, status]);
        expect([status, rows[0]!.tab]).toEqual([status, tabOf(status)]);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
