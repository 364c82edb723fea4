/** The demo order history: its shape over days and hours, and its consistency. */
import { and, eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@testing/test-app';
import { seedDemoData } from './demo-data';
import { DEMO_HISTORY_DAYS, DEMO_REFUND_REASON } from './demo-orders';
import { DEMO_TRUCK_IDS } from './demo-trucks';
import { orderDayCounters, orderHistory, orderLines, orderRefunds, orders } from '../db/tables/orders';

let test: TestApp;
const truckId = DEMO_TRUCK_IDS.approved;

beforeAll(async () => {
  test = await createTestApp();
  await seedDemoData(test.database.db, { info: () => {} }, test.config.uploadsDir);
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await test.database.db.execute(query)).rows as T[];
}

describe('the demo order history', () => {
  it('covers the 60 days before today and today so far, with nothing on the truck’s Monday off and most at the weekend', async () => {
    const days = await rows<{ day: string; dow: number; n: number }>(sql`
      SELECT business_date::text AS day, extract(isodow FROM business_date)::int AS dow, count(*)::int AS n
      FROM ${orders} WHERE truck_id = ${truckId} GROUP BY business_date ORDER BY business_date`);
    const today = Temporal.Now.plainDateISO('Asia/Kuwait');
    expect(days[0]!.day >= today.subtract({ days: DEMO_HISTORY_DAYS }).toString()).toBe(true);
    expect(days.at(-1)!.day <= today.toString()).toBe(true);
    expect(days.length).toBeGreaterThanOrEqual(50);
    expect(days.some((day) => day.dow === 1)).toBe(false);
    const average = (dows: number[]) => {
      const picked = days.filter((day) => dows.includes(day.dow));
      return picked.reduce((sum, day) => sum + day.n, 0) / picked.length;
    };
    expect(average([4, 5, 6])).toBeGreaterThan(average([2, 3, 7]) * 1.2);
    const total = days.reduce((sum, day) => sum + day.n, 0);
    expect(total).toBeGreaterThan(1_500);
    expect(total).toBeLessThan(3_500);
  });

  it('has a lunch rush and a bigger evening one, and no orders in the small hours or the afternoon gap', async () => {
    const hours = await rows<{ hour: number; n: number }>(sql`
      SELECT extract(hour FROM created_at AT TIME ZONE 'Asia/Kuwait')::int AS hour, count(*)::int AS n
      FROM ${orders} WHERE truck_id = ${truckId} GROUP BY 1`);
    const at = (hour: number) => hours.find((row) => row.hour === hour)?.n ?? 0;
    expect(at(12) + at(13)).toBeGreaterThan(at(11) + at(14));
    expect(at(20) + at(21)).toBeGreaterThan(at(12) + at(13));
    for (const quiet of [3, 4, 5, 6, 7, 8, 9, 10, 15, 16, 17]) expect(at(quiet), `${quiet}:00`).toBe(0);
  });

  it('is consistent: dense daily numbers, totals that add up, a history ending at each order’s version', async () => {
    const [numbering] = await rows<{ bad: number }>(sql`
      SELECT count(*)::int AS bad FROM (
        SELECT business_date, max(number) AS top, count(*) AS n FROM ${orders} WHERE truck_id = ${truckId} GROUP BY business_date
      ) d JOIN ${orderDayCounters} c ON c.truck_id = ${truckId} AND c.business_date = d.business_date
      WHERE d.top <> d.n OR c.last_number <> d.n`);
    expect(numbering!.bad).toBe(0);
    const [sums] = await rows<{ bad: number }>(sql`
      SELECT count(*)::int AS bad FROM ${orders} o
      WHERE o.truck_id = ${truckId} AND (
        o.subtotal <> (SELECT sum(total) FROM ${orderLines} l WHERE l.truck_id = o.truck_id AND l.order_id = o.id)
        OR o.total <> o.subtotal + o.delivery_fee
        OR o.item_count <> (SELECT sum(qty) FROM ${orderLines} l WHERE l.truck_id = o.truck_id AND l.order_id = o.id))`);
    expect(sums!.bad).toBe(0);
    const [histories] = await rows<{ bad: number }>(sql`
      SELECT count(*)::int AS bad FROM ${orders} o
      WHERE o.truck_id = ${truckId} AND (
        (SELECT max(version) FROM ${orderHistory} h WHERE h.truck_id = o.truck_id AND h.order_id = o.id) <> o.version
        OR (SELECT count(*) FROM ${orderHistory} h WHERE h.truck_id = o.truck_id AND h.order_id = o.id) <> o.version + 1
        OR (SELECT status FROM ${orderHistory} h WHERE h.truck_id = o.truck_id AND h.order_id = o.id AND h.version = o.version) <> o.status)`);
    expect(histories!.bad).toBe(0);
    const statuses = await test.database.db
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.truckId, truckId))
      .groupBy(orders.status);
    const share = (status: string) => (statuses.find((row) => row.status === status)?.n ?? 0) / statuses.reduce((sum, row) => sum + row.n, 0);
    expect(share('completed')).toBeGreaterThan(0.8);
    for (const status of ['rejected', 'cancelled', 'expired']) expect(share(status), status).toBeGreaterThan(0);
    const [delivered] = await test.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.truckId, truckId), eq(orders.type, 'delivery'), eq(orders.zoneName, 'Kuwait City')));
    expect(delivered!.n).toBeGreaterThan(300);
  });

  it('has one refunded order, in its history and its figures', async () => {
    const refunded = await test.database.db.select().from(orderRefunds).where(eq(orderRefunds.truckId, truckId));
    expect(refunded).toHaveLength(1);
    const [refund] = refunded;
    expect(refund).toMatchObject({ kind: 'lines', reason: DEMO_REFUND_REASON, lines: [{ lineNo: 0, qty: 1 }] });
    const [order] = await test.database.db.select().from(orders).where(and(eq(orders.truckId, truckId), eq(orders.id, refund!.orderId)));
    expect(order).toMatchObject({ status: 'completed', paymentStatus: 'paid', refundedMinor: refund!.amountMinor });
    const [last] = await test.database.db
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.truckId, truckId), eq(orderHistory.orderId, order!.id), eq(orderHistory.version, order!.version)));
    expect(last).toMatchObject({ action: 'refund', status: 'completed', reason: DEMO_REFUND_REASON });
    const [hour] = await rows<{ refunds: string }>(sql`
      SELECT sum(refunds)::text AS refunds FROM order_sales_hourly WHERE truck_id = ${truckId} AND business_date = ${order!.businessDate}`);
    expect(Number(hour!.refunds)).toBe(refund!.amountMinor);
  });
});
