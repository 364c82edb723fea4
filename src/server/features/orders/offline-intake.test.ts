/**
 * Orders a counter tablet took with no connection and sends later (decision 018): staff send
 * `takenAt`, the order keeps that time and its day, sold out since does not undo it, a resend with
 * the same Idempotency-Key is the same order, and a time in the future or more than a day old is a
 * clear 422 that writes nothing. Customers cannot send `takenAt`.
 */
import type { Order } from '@domain/orders/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderCall, orderingTestApp, pickupOrder, placeOrder, tabCounts, type OrderingTruck } from '../../../testing/orders';
import { localToday } from '@domain/trucks';
import { call } from '../../../testing/trucks';

let app: FastifyInstance;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, truck } = await orderingTestApp());
});

const total = async () => Object.values(await tabCounts(app, truck)).reduce((sum, n) => sum + n, 0);
const staffOrder = (body: unknown, key?: string) =>
  orderCall(app, truck.staff, 'POST', `/trucks/${truck.truck.id}/orders`, body, key ? { 'idempotency-key': key } : {});

describe('an order taken offline at the counter', () => {
  it('keeps the time it was taken, its local day and history, and a resend with its key is the same order', async () => {
    const takenAt = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    const body = { ...pickupOrder(truck), paymentMethod: 'cash', takenAt };
    const first = await staffOrder(body, 'offline-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json() as Order;
    expect(order).toMatchObject({ status: 'accepted', source: 'phone', version: 1, createdAt: takenAt, businessDate: localToday('Asia/Kuwait', new Date(takenAt)) });
    expect(order.history.map((entry) => entry.at)).toEqual([takenAt, takenAt]);

    const again = await staffOrder(body, 'offline-key-1');
    expect(again.statusCode).toBe(200);
    expect((again.json() as Order).id).toBe(order.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('is not undone by a sold-out switch made since it was taken, but is still priced by the menu', async () => {
    await call(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/menu/availability`, { state: 'sold_out', itemIds: [truck.fries.id] });
    try {
      const takenAt = new Date(Date.now() - 10 * 60_000).toISOString();
      const late = await staffOrder({ ...pickupOrder(truck), paymentMethod: 'cash', takenAt, expectedTotal: 2_800 });
      expect(late.statusCode, late.body).toBe(201);
      expect((late.json() as Order).total).toBe(2_800);
      // Taken now, the sold-out fries are refused as before.
      const now = await staffOrder({ ...pickupOrder(truck), paymentMethod: 'cash' });
      expect(now.statusCode).toBe(422);
      // A price that changed since is named, not charged silently.
      const changed = await staffOrder({ ...pickupOrder(truck), paymentMethod: 'cash', takenAt, expectedTotal: 2_000 });
      expect(changed.statusCode).toBe(422);
      expect(changed.json()).toMatchObject({ error: { code: 'total_changed' } });
    } finally {
      await call(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/menu/availability`, { state: 'available', itemIds: [truck.fries.id] });
    }
  });

  it.each([
    ['in the future', 10 * 60_000],
    ['more than a day old', -25 * 60 * 60_000],
  ])('refuses a takenAt %s with 422 taken_at_out_of_range, writing nothing', async (_name, offset) => {
    const before = await total();
    const res = await staffOrder({ ...pickupOrder(truck), paymentMethod: 'cash', takenAt: new Date(Date.now() + offset).toISOString() });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ error: { code: 'taken_at_out_of_range', fields: [{ path: 'takenAt', code: 'taken_at_out_of_range' }] } });
    expect(await total()).toBe(before);
  });

  it('is not something a customer may send', async () => {
    const res = await placeOrder(app, truck.slug, { ...pickupOrder(truck), takenAt: new Date().toISOString() });
    expect(res.statusCode).toBe(400);
  });
});
