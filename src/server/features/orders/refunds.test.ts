/**
 * Refunds through the real app (issue 44): a paid order's money given back, whole or by lines, with
 * a reason; refused for an order not paid and above what is left, localized, changing nothing; the
 * owner's permission staff get only by the owner's grant; never more than paid under concurrency
 * (the order row locked); cancelling a paid order gives it all back; the history and the order's
 * `refundedMinor` say so.
 */
import type { Order } from '@domain/orders/contracts';
import type { RefundCreated, RefundList } from '@domain/orders/refunds';
import type { TruckHome } from '@domain/home';
import { netSalesSql } from '@domain/money';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/tables/orders';
import { orderCall, orderingTestApp, placedOrderId, type OrderingTruck } from '../../../testing/orders';
import { teamCall } from '../../../testing/team';

let app: FastifyInstance;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, truck } = await orderingTestApp());
});

const base = () => `/trucks/${truck.truck.id}/orders`;
const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string; fields?: { path: string; code: string; message: string }[] } }).error;

async function orderOf(orderId: string): Promise<Order> {
  const res = await orderCall(app, truck.owner, 'GET', `${base()}/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

async function act(orderId: string, body: Record<string, unknown>): Promise<Order> {
  const { version } = await orderOf(orderId);
  const res = await orderCall(app, truck.owner, 'POST', `${base()}/${orderId}/actions`, { ...body, version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

/** Five fries (3.750 KWD), taken and handed over: paid. */
async function paidOrder(): Promise<Order> {
  const orderId = await placedOrderId(app, truck, { lines: [{ itemId: truck.fries.id, qty: 5 }] });
  await act(orderId, { action: 'accept', prepMinutes: 10 });
  await act(orderId, { action: 'start_preparing' });
  await act(orderId, { action: 'mark_ready' });
  const done = await act(orderId, { action: 'complete' });
  expect(done.paymentStatus).toBe('paid');
  return done;
}

const refund = (orderId: string, body: unknown, user = truck.owner, lang = 'en') =>
  orderCall(app, user, 'POST', `${base()}/${orderId}/refunds`, body, { 'accept-language': lang });

describe('refunds', () => {
  it('gives back chosen lines, then the rest, and the order and its history say so', async () => {
    const order = await paidOrder();
    expect(order.refundedMinor).toBe(0);
    const first = await refund(order.id, { kind: 'lines', lines: [{ lineNo: 0, qty: 2 }], reason: 'Two were cold' });
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json() as RefundCreated;
    expect(created.refund).toMatchObject({ kind: 'lines', amountMinor: 1_500, netSalesMinor: 1_500, tipMinor: 0, lines: [{ lineNo: 0, qty: 2, amountMinor: 1_500, netSalesMinor: 1_500 }], reason: 'Two were cold' });
    expect(created.refund.by?.id).toBe(truck.owner.user.id);
    expect(created.refundedMinor).toBe(1_500);

    const rest = await refund(order.id, { kind: 'whole', reason: 'Customer unhappy' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect((rest.json() as RefundCreated).refund.amountMinor).toBe(2_250);
    expect((rest.json() as RefundCreated).refundedMinor).toBe(3_750);

    const after = await orderOf(order.id);
    expect(after.refundedMinor).toBe(3_750);
    expect(after.status).toBe('completed');
    expect(after.history.filter((entry) => entry.action === 'refund').map((entry) => entry.reason)).toEqual(['Two were cold', 'Customer unhappy']);

    const list = await orderCall(app, truck.staff, 'GET', `${base()}/${order.id}/refunds`);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as RefundList).refunds.map((r) => r.amountMinor)).toEqual([1_500, 2_250]);
    expect((list.json() as RefundList).refundedMinor).toBe(3_750);
  });

  it('refuses an order not paid (409 order_not_paid) and more than is left (422 refund_above_paid), localized, changing nothing', async () => {
    const unpaid = await placedOrderId(app, truck);
    const notPaid = await refund(unpaid, { kind: 'whole', reason: 'x' }, truck.owner, 'ar');
    expect([notPaid.statusCode, errorOf(notPaid).code]).toEqual([409, 'order_not_paid']);
    expect(errorOf(notPaid).message).toMatch(/[\u0600-\u06FF]/);

    const order = await paidOrder();
    const tooMany = await refund(order.id, { kind: 'lines', lines: [{ lineNo: 0, qty: 6 }], reason: 'x' });
    expect([tooMany.statusCode, errorOf(tooMany).code]).toEqual([422, 'refund_above_paid']);
    expect(errorOf(tooMany).fields).toEqual([expect.objectContaining({ path: 'lines.0.qty', code: 'refund_above_paid', message: 'At most 5 can be given back here.' })]);
    const unknownLine = await refund(order.id, { kind: 'lines', lines: [{ lineNo: 3, qty: 1 }], reason: 'x' });
    expect([unknownLine.statusCode, errorOf(unknownLine).fields?.[0]?.code]).toEqual([422, 'refund_line_unknown']);

    expect((await refund(order.id, { kind: 'whole', reason: 'All of it' })).statusCode).toBe(201);
    const again = await refund(order.id, { kind: 'whole', reason: 'Again' }, truck.owner, 'ar');
    expect([again.statusCode, errorOf(again).code]).toEqual([422, 'refund_above_paid']);
    expect(errorOf(again).message).toMatch(/[\u0600-\u06FF]/);
    expect((await orderOf(order.id)).refundedMinor).toBe(3_750);

    for (const body of [{ kind: 'whole' }, { kind: 'whole', reason: '   ' }, { kind: 'lines', lines: [], reason: 'x' }, { kind: 'lines', lines: [{ lineNo: 0, qty: -1 }], reason: 'x' }, { kind: 'some' }]) {
      const bad = await refund(order.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('is the owner’s; staff give money back only while the owner grants it', async () => {
    const order = await paidOrder();
    const before = await refund(order.id, { kind: 'whole', reason: 'x' }, truck.staff);
    expect([before.statusCode, errorOf(before).code]).toEqual([403, 'forbidden']);
    const grant = await teamCall(app, truck.owner, 'PATCH', `/trucks/${truck.truck.id}/team/settings`, { staffMayRefund: true });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json()).toEqual({ staffSeesRevenue: false, staffMayRefund: true });
    const by = await refund(order.id, { kind: 'lines', lines: [{ lineNo: 0, qty: 1 }], reason: 'Dropped' }, truck.staff);
    expect(by.statusCode, by.body).toBe(201);
    expect((await teamCall(app, truck.owner, 'PATCH', `/trucks/${truck.truck.id}/team/settings`, { staffMayRefund: false })).statusCode).toBe(200);
    expect((await refund(order.id, { kind: 'whole', reason: 'x' }, truck.staff)).statusCode).toBe(403);
  });

  it('never gives back more than paid: ten concurrent refunds of 40 % each, exactly two succeed', async () => {
    const order = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => refund(order.id, { kind: 'lines', lines: [{ lineNo: 0, qty: 2 }], reason: `Try ${i}` })));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect([409, 422]).toContain(res.statusCode);
      expect(errorOf(res).code).toBe('refund_above_paid');
    }
    const list = (await orderCall(app, truck.owner, 'GET', `${base()}/${order.id}/refunds`)).json() as RefundList;
    const sum = list.refunds.reduce((a, r) => a + r.amountMinor, 0);
    expect(sum).toBe(3_000);
    expect(sum).toBeLessThanOrEqual(order.total);
    expect(list.refundedMinor).toBe(sum);
  });

  it('cancelling a paid order gives all of it back', async () => {
    const orderId = await placedOrderId(app, truck, { lines: [{ itemId: truck.fries.id, qty: 2 }] });
    await act(orderId, { action: 'accept', prepMinutes: 10 });
    // Paid before it was made (no payment provider marks it so yet: the row says so here).
    await app.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, orderId));
    const cancelled = await act(orderId, { action: 'cancel', reason: 'Out of oil' });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refundedMinor).toBe(cancelled.total);
    expect(cancelled.history.map((entry) => entry.action).slice(-2)).toEqual(['cancel', 'refund']);
    const list = (await orderCall(app, truck.owner, 'GET', `${base()}/${orderId}/refunds`)).json() as RefundList;
    expect(list.refunds).toEqual([expect.objectContaining({ kind: 'whole', amountMinor: 1_500, reason: 'Out of oil' })]);

    // Part given back first, then cancelled: the rest goes back, and the figures move the order once (the last test recomputes them).
    const partly = await placedOrderId(app, truck, { lines: [{ itemId: truck.fries.id, qty: 2 }] });
    await act(partly, { action: 'accept', prepMinutes: 10 });
    await app.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, partly));
    expect((await refund(partly, { kind: 'lines', lines: [{ lineNo: 0, qty: 1 }], reason: 'One spilt' })).statusCode).toBe(201);
    const rest = await act(partly, { action: 'cancel', reason: 'Out of oil' });
    expect(rest.refundedMinor).toBe(1_500);
    expect(rest.history.map((entry) => entry.action).slice(-3)).toEqual(['refund', 'cancel', 'refund']);
  });

  it('takes refunds out of the figures: /home and the rollup recompute from the orders minus their refunds, the CSV shows them apart', async () => {
    // Run last: every order and refund above is in the figures.
    const { db } = app.database;
    const recomputed = await db.execute<{ revenue: string; tips: string; refunds: string }>(sql`
      SELECT
        (SELECT coalesce(sum(${sql.raw(netSalesSql('o'))}), 0) FROM orders o WHERE o.truck_id = ${truck.truck.id} AND td_home_is_sale(o.status))
          - (SELECT coalesce(sum(r.net_sales_minor), 0) FROM order_refunds r JOIN orders o ON o.truck_id = r.truck_id AND o.id = r.order_id
             WHERE r.truck_id = ${truck.truck.id} AND td_home_is_sale(o.status)) AS revenue,
        (SELECT coalesce(sum(o.tip_minor), 0) FROM orders o WHERE o.truck_id = ${truck.truck.id} AND td_home_is_sale(o.status))
          - (SELECT coalesce(sum(r.tip_minor), 0) FROM order_refunds r JOIN orders o ON o.truck_id = r.truck_id AND o.id = r.order_id
             WHERE r.truck_id = ${truck.truck.id} AND td_home_is_sale(o.status)) AS tips,
        (SELECT coalesce(sum(r.amount_minor), 0) FROM order_refunds r WHERE r.truck_id = ${truck.truck.id}) AS refunds`);
    const rollup = await db.execute<{ revenue: string; tips: string; refunds: string }>(sql`
      SELECT sum(revenue) AS revenue, sum(tips) AS tips, sum(refunds) AS refunds FROM order_sales_hourly WHERE truck_id = ${truck.truck.id}`);
    expect(rollup.rows[0]).toEqual(recomputed.rows[0]);
    const given = Number(recomputed.rows[0]!.refunds);
    // The item figures: the sales' lines less the units and net sales given back on them.
    const items = await db.execute<{ item: string; quantity: number; revenue: string }>(sql`
      SELECT item_id::text AS item, sum(quantity)::int AS quantity, sum(revenue)::text AS revenue FROM order_item_sales_daily
      WHERE truck_id = ${truck.truck.id} GROUP BY 1 ORDER BY 1`);
    const itemsRecomputed = await db.execute<{ item: string; quantity: number; revenue: string }>(sql`
      SELECT item, sum(quantity)::int AS quantity, sum(revenue)::text AS revenue FROM (
        SELECT l.item_id::text AS item, l.qty AS quantity, l.total - l.discount_minor - CASE WHEN o.prices_include_tax THEN l.tax_minor ELSE 0 END AS revenue
        FROM order_lines l JOIN orders o ON o.truck_id = l.truck_id AND o.id = l.order_id WHERE o.truck_id = ${truck.truck.id} AND td_home_is_sale(o.status)
        UNION ALL
        SELECT l.item_id::text, -(x ->> 'qty')::int, -(x ->> 'netSalesMinor')::bigint
        FROM order_refunds r JOIN orders o ON o.truck_id = r.truck_id AND o.id = r.order_id, jsonb_array_elements(r.lines) AS x, order_lines l
        WHERE r.truck_id = ${truck.truck.id} AND td_home_is_sale(o.status) AND l.truck_id = r.truck_id AND l.order_id = r.order_id AND l.line_no = (x ->> 'lineNo')::int
      ) AS sold GROUP BY 1 ORDER BY 1`);
    expect(items.rows).toEqual(itemsRecomputed.rows);
    // 3.750 + 3.750 + 0.750 + 3.000 given back on completed orders, 1.500 on each of the two cancelled when paid.
    expect(given).toBe(3_750 + 3_750 + 750 + 3_000 + 1_500 + 1_500);

    const home = await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/home`);
    expect(home.statusCode, home.body).toBe(200);
    const figures = home.json() as TruckHome;
    expect(figures.todayRefunds).toBe(given);
    // Net sales after refunds: the orders not pending, less the net sales given back on them.
    const pending = await db.execute<{ net: string }>(sql`SELECT coalesce(sum(${sql.raw(netSalesSql())}), 0) AS net FROM orders WHERE truck_id = ${truck.truck.id} AND status = 'pending'`);
    expect(figures.todayFigures.revenue).toBe(Number(recomputed.rows[0]!.revenue) - Number(pending.rows[0]!.net));

    const today = (await orderOf((await paidOrder()).id)).businessDate;
    const csv = await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/export?from=${today}&to=${today}`);
    const rows = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(rows[0]).toContain('"Net sales","Refunded","Net sales after refunds"');
    // The first order: five fries, all given back (two, then the rest).
    expect(rows[1]).toContain('"3.750","3.750","0.000"');
    const staffOrder = rows.find((row) => row.endsWith('"3.750","0.750","3.000"'));
    expect(staffOrder, 'an order with one fries given back').toBeDefined();
    const ar = await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/export?from=${today}&to=${today}`, undefined, { 'accept-language': 'ar' });
    expect(ar.rawPayload.subarray(3).toString('utf8')).toContain('"المبلغ المسترد","صافي المبيعات بعد الاسترداد"');
  });
});
