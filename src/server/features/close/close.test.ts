/**
 * The day's close through the real app and database: each figure recomputed from the orders rows
 * (the money core's netSalesMinor), refunds included; bad queries answered 400, localized; CSV.
 */
import type { Close } from '@domain/close';
import { netSalesMinor } from '@domain/money';
import type { Order } from '@domain/orders/contracts';
import { localToday } from '@domain/trucks';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderRefunds, orders } from '../../db/tables/orders';
import { KUWAIT, orderCall, orderingTestApp, placedOrderId, type OrderingTruck } from '../../../testing/orders';

let app: FastifyInstance;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, truck } = await orderingTestApp());
});

const base = () => `/trucks/${truck.truck.id}`;

async function act(orderId: string, body: Record<string, unknown>): Promise<Order> {
  const { version } = (await orderCall(app, truck.owner, 'GET', `${base()}/orders/${orderId}`)).json() as Order;
  const res = await orderCall(app, truck.owner, 'POST', `${base()}/orders/${orderId}/actions`, { ...body, version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

async function completed(overrides: Parameters<typeof placedOrderId>[2] = {}): Promise<string> {
  const id = await placedOrderId(app, truck, overrides);
  await act(id, { action: 'accept', prepMinutes: 10 });
  await act(id, { action: 'start_preparing' });
  await act(id, { action: 'mark_ready' });
  await act(id, { action: 'complete' });
  return id;
}

describe("the day's close", () => {
  it('adds up to the orders of the day, by method and source, refunds apart', async () => {
    const paid = await completed();
    await completed({ paymentMethod: 'card' });
    await placedOrderId(app, truck); // pending: no sale yet
    const rejected = await placedOrderId(app, truck);
    await act(rejected, { action: 'reject', reason: 'closing' }).catch(() => undefined);
    const refund = await orderCall(app, truck.owner, 'POST', `${base()}/orders/${paid}/refunds`, { kind: 'lines', lines: [{ lineNo: 1, qty: 1 }], reason: 'Cold' });
    expect(refund.statusCode, refund.body).toBe(201);

    const today = localToday(KUWAIT, new Date());
    const res = await orderCall(app, truck.owner, 'GET', `${base()}/close?date=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const close = res.json() as Close;

    const rows = (await app.database.db.select().from(orders).where(and(eq(orders.truckId, truck.truck.id), eq(orders.businessDate, today))))
      .filter((o) => !['pending', 'rejected', 'cancelled', 'expired'].includes(o.status));
    const refunds = await app.database.db.select().from(orderRefunds).where(eq(orderRefunds.truckId, truck.truck.id));
    const net = (o: (typeof rows)[number]) => netSalesMinor({ subtotalMinor: o.subtotal, discountMinor: o.discountMinor, taxMinor: o.taxMinor, deliveryFeeTaxMinor: o.deliveryFeeTaxMinor, pricesIncludeTax: o.pricesIncludeTax });
    const sum = (f: (o: (typeof rows)[number]) => number) => rows.reduce((s, o) => s + f(o), 0);
    const refundedNet = refunds.filter((r) => rows.some((o) => o.id === r.orderId)).reduce((s, r) => s + Number(r.netSalesMinor), 0);
    expect(close.totals).toEqual({
      orders: rows.length,
      grossSales: sum((o) => net(o) + o.discountMinor),
      discounts: sum((o) => o.discountMinor),
      netSales: sum(net),
      tax: sum((o) => o.taxMinor),
      tips: sum((o) => o.tipMinor),
      deliveryFees: sum((o) => o.deliveryFee),
      total: sum((o) => o.total),
      refunds: sum((o) => o.refundedMinor),
      netSalesAfterRefunds: sum(net) - refundedNet,
    });
    const all = await app.database.db.select({ s: orders.status, d: orders.businessDate }).from(orders).where(eq(orders.truckId, truck.truck.id));
    expect(close.totals.orders, JSON.stringify({ all, today })).toBe(2);
    expect(close.totals.refunds).toBeGreaterThan(0);
    expect(close.byPaymentMethod.map((g) => [g.paymentMethod, g.orders])).toEqual([['card', 1], ['cash', 1]]);
    expect(close.byPaymentMethod.reduce((s, g) => s + g.netSales, 0)).toBe(close.totals.netSales);
    expect(close.bySource.reduce((s, g) => s + g.orders, 0)).toBe(2);

    const csv = await orderCall(app, truck.owner, 'GET', `${base()}/close?date=${today}&format=csv`, undefined, { 'accept-language': 'ar' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('صافي المبيعات');
  });

  it('refuses bad dates, reversed and long ranges, localized', async () => {
    for (const [query, message] of [
      ['date=2025-02-30', ''],
      ['from=2025-05-02&to=2025-05-01', 'لا يمكن أن يسبق'],
      ['from=2025-01-01&to=2025-12-31', 'اختر مدة'],
      ['', 'اختر تاريخًا'],
    ] as const) {
      const res = await orderCall(app, truck.owner, 'GET', `${base()}/close?${query}`, undefined, { 'accept-language': 'ar' });
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(message);
    }
  });
});
