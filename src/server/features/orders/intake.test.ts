/**
 * Order intake through the real app and a real database: prices from the menu (never the client),
 * options and availability, the truck's right to trade, hours and pause, delivery zones and their
 * minimum, Idempotency-Key (also under concurrent retries), phone orders, auto-accept, bad input,
 * and a menu that changes between pricing (from the read cache) and writing.
 * Every refusal leaves no order behind.
 */
import { CreateOrderSchema, type Order, type OrderReceipt } from '@domain/orders/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type SignedUp } from '../../../testing/accounts';
import {
  DELIVERY_FEE,
  IN_ZONE,
  OUT_OF_ZONE,
  orderCall,
  orderingTestApp,
  orderingTruck,
  pickupOrder,
  placeOrder,
  tabCounts,
  type OrderingTruck,
} from '../../../testing/orders';
import { call, decide, kuwaitDate } from '../../../testing/trucks';
import { truckEvents } from '../../db/tables/events';
import { orderIdempotencyKeys } from '../../db/tables/orders';
import { createIntakeReads, priceOrder } from './orders.intake';
import { createOrdersService } from './orders.service';
import { truckDocuments, trucks } from '../../db/tables/trucks';

let app: FastifyInstance;
let admin: SignedUp;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, admin, truck } = await orderingTestApp());
});

async function orderCount(of: OrderingTruck = truck): Promise<number> {
  return Object.values(await tabCounts(app, of)).reduce((sum, n) => sum + n, 0);
}

/** Places an order that must be refused, and checks nothing was written. */
async function refused(body: unknown, headers: Record<string, string> = {}) {
  const before = await orderCount();
  const res = await placeOrder(app, truck.slug, body, headers);
  expect(await orderCount()).toBe(before);
  return res;
}

const fieldsOf = (res: { json(): unknown }) =>
  ((res.json() as { error: { fields?: { path: string; code: string; params?: Record<string, unknown> }[] } }).error.fields ?? []).map(({ path, code }) => ({ path, code }));

describe('pricing', () => {
  it('prices every line from the menu and answers the number, total and estimated ready time', async () => {
    const before = Date.now();
    const res = await placeOrder(app, truck.slug, pickupOrder(truck));
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json() as OrderReceipt;
    expect(receipt).toMatchObject({ status: 'pending', subtotal: 2_800, deliveryFee: 0, total: 2_800, currency: 'KWD' });
    expect(receipt.displayNumber).toBe(`#${String(receipt.number).padStart(3, '0')}`);
    expect(receipt.lines.map((line) => [line.nameEn, line.unitPrice, line.qty, line.total])).toEqual([
      ['Chicken shawarma', 1_300, 1, 1_300],
      ['Fries', 750, 2, 1_500],
    ]);
    expect(receipt.lines[0]!.options.map((option) => option.nameEn)).toEqual(['Saj', 'Garlic']);
    // The truck's default prep time (15) is longer than the wrap's (12).
    const ready = Date.parse(receipt.estimatedReadyAt);
    expect(ready).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(ready).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
  });

  it('numbers the day’s orders one after another', async () => {
    const first = (await placeOrder(app, truck.slug, pickupOrder(truck))).json() as OrderReceipt;
    const second = (await placeOrder(app, truck.slug, pickupOrder(truck))).json() as OrderReceipt;
    expect(second.number).toBe(first.number + 1);
  });

  it('gives an order an id that starts with the time it was placed, so its rows join the end of its truck’s keys', async () => {
    const before = Date.now();
    const receipt = (await placeOrder(app, truck.slug, pickupOrder(truck))).json() as OrderReceipt;
    const placedAt = parseInt(receipt.id.replaceAll('-', '').slice(0, 12), 16);
    expect(receipt.id[14]).toBe('7');
    expect(placedAt).toBeGreaterThanOrEqual(before);
    expect(placedAt).toBeLessThanOrEqual(Date.now());
  });

  it('refuses prices sent by the client instead of charging them', async () => {
    const body = pickupOrder(truck);
    const tampered = { ...body, lines: [{ ...body.lines[0], unitPrice: 1 }], total: 1 };
    const res = await refused(tampered);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(expect.arrayContaining([{ path: 'lines.0', code: 'unrecognized_keys' }, { path: '', code: 'unrecognized_keys' }]));
  });

  it('refuses an order whose shown total differs from the menu’s, and takes it when it matches', async () => {
    const res = await refused(pickupOrder(truck, { expectedTotal: 1_000 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('total_changed');
    expect(res.json().error.fields[0]).toMatchObject({ path: 'expectedTotal', code: 'total_changed', params: { total: expect.stringContaining('2.800') } });
    expect((await placeOrder(app, truck.slug, pickupOrder(truck, { expectedTotal: 2_800 }))).statusCode).toBe(201);
  });

  it('adds the zone’s fee to a delivery order in the zone', async () => {
    const res = await placeOrder(app, truck.slug, pickupOrder(truck, { type: 'delivery', delivery: IN_ZONE }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ subtotal: 2_800, deliveryFee: DELIVERY_FEE, total: 2_800 + DELIVERY_FEE });
  });
});

describe('menu rules', () => {
  it('reports every broken option rule of every line at once', async () => {
    const res = await refused(
      pickupOrder(truck, {
        lines: [
          { itemId: truck.wrap.id, optionIds: [truck.option('Garlic'), truck.option('Cheese'), truck.option('Pickles')], qty: 1 },
          { itemId: truck.wrap.id, optionIds: [truck.option('Saj'), truck.fries.id], qty: 1 },
          { itemId: truck.fries.id, qty: 1 },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('option_unknown');
    expect(fieldsOf(res)).toEqual([
      { path: 'lines.0.optionIds', code: 'option_group_required' },
      { path: 'lines.0.optionIds', code: 'option_group_too_many' },
      { path: 'lines.1.optionIds', code: 'option_unknown' },
    ]);
  });

  it('refuses a sold-out item or option, and an item not on this truck’s menu', async () => {
    const soldOut = await call(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/menu/availability`, {
      state: 'sold_out',
      itemIds: [truck.fries.id],
      optionIds: [truck.option('Cheese')],
    });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    try {
      const res = await refused(
        pickupOrder(truck, {
          lines: [
            { itemId: truck.wrap.id, optionIds: [truck.option('Saj'), truck.option('Cheese')], qty: 1 },
            { itemId: truck.fries.id, qty: 1 },
            { itemId: '00000000-0000-4000-8000-000000000000', qty: 1 },
          ],
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('item_not_found');
      expect(fieldsOf(res)).toEqual([
        { path: 'lines.0.optionIds', code: 'option_unavailable' },
        { path: 'lines.1.itemId', code: 'item_unavailable' },
        { path: 'lines.2.itemId', code: 'item_not_found' },
      ]);
      expect(res.json().error.fields[1].params).toMatchObject({ item: 'Fries' });
    } finally {
      await call(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/menu/availability`, { state: 'available', itemIds: [truck.fries.id], optionIds: [truck.option('Cheese')] });
    }
  });
});

describe('a menu change between pricing and writing', () => {
  it('prices the order again from fresh rows, so a sold-out switch counts for the very next order', async () => {
    const [row] = await app.database.db.select().from(trucks).where(eq(trucks.id, truck.truck.id));
    const reads = createIntakeReads(app);
    const service = createOrdersService(app);
    const body = CreateOrderSchema.parse(pickupOrder(truck, { lines: [{ itemId: truck.fries.id, qty: 1 }] }));
    const priced: boolean[] = [];
    const placing = service.place(
      row!,
      null,
      async (freshMenu) => {
        priced.push(freshMenu);
        const draft = await priceOrder({ reads, truck: row!, source: 'online', lang: 'en', now: new Date() }, body, freshMenu);
        // The switch lands after the order was priced from the kept menu, before it is written.
        if (!freshMenu) expect((await call(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/menu/availability`, { state: 'sold_out', itemIds: [truck.fries.id] })).statusCode).toBe(200);
        return draft;
      },
      null,
    );
    try {
      await expect(placing).rejects.toMatchObject({ code: 'item_unavailable', status: 422 });
      expect(priced).toEqual([false, true]);
    } finally {
      await call(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/menu/availability`, { state: 'available', itemIds: [truck.fries.id] });
    }
  });
});

describe('the truck', () => {
  it('takes no orders while paused, and again once resumed', async () => {
    expect((await call(app, truck.owner, 'PUT', `/trucks/${truck.truck.id}/hours/pause`, { kind: 'minutes', minutes: 15 })).statusCode).toBe(200);
    try {
      const res = await refused(pickupOrder(truck));
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('truck_paused');
      expect(res.json().error.fields[0]).toMatchObject({ path: 'truck', code: 'truck_paused', params: { until: expect.any(String) } });
    } finally {
      await call(app, truck.owner, 'DELETE', `/trucks/${truck.truck.id}/hours/pause`);
    }
    expect((await placeOrder(app, truck.slug, pickupOrder(truck))).statusCode).toBe(201);
  });

  it('takes no orders while closed, and says when it opens', async () => {
    const closed = await orderingTruck(app, admin);
    const hours = (await call(app, closed.owner, 'GET', `/trucks/${closed.truck.id}/hours`)).json() as { version: number };
    const tomorrow = kuwaitDate(1);
    const saved = await call(app, closed.owner, 'PUT', `/trucks/${closed.truck.id}/hours`, {
      timeZone: 'Asia/Kuwait',
      days: {},
      exceptions: { [tomorrow]: { kind: 'shifts', shifts: [{ opens: '11:00', closes: '15:00' }] } },
      version: hours.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await placeOrder(app, closed.slug, pickupOrder(closed), { 'accept-language': 'ar' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'truck_opens_at', message: 'العربة مغلقة في ذلك الوقت.' });
    // The customer's clock: 11:00 reads «١١:٠٠ ص», as the truck page prints it.
    expect(res.json().error.fields[0].params.opensAt).toMatch(/١١:٠٠\sص/);
  });

  it('takes no orders once a required document has expired', async () => {
    const where = and(eq(truckDocuments.truckId, truck.truck.id), eq(truckDocuments.type, 'health_permit'));
    const [permit] = await app.database.db.select().from(truckDocuments).where(where);
    await app.database.db.update(truckDocuments).set({ expiryDate: kuwaitDate(-1) }).where(where);
    // Intake reads the documents from the read cache: wait for the change to reach it, as another process would.
    await app.readCache.settle();
    try {
      const res = await refused(pickupOrder(truck));
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('truck_not_trading');
      expect(fieldsOf(res)).toEqual([{ path: 'truck', code: 'document_expired' }]);
    } finally {
      await app.database.db.update(truckDocuments).set({ expiryDate: permit!.expiryDate }).where(where);
      await app.readCache.settle();
    }
  });

  it('takes no orders while suspended', async () => {
    const suspended = await orderingTruck(app, admin);
    expect((await decide(app, admin, suspended.truck.id, { action: 'suspend', reason: 'Inspection pending' })).statusCode).toBe(200);
    const res = await placeOrder(app, suspended.slug, pickupOrder(suspended));
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual([{ path: 'truck', code: 'truck_not_approved' }]);
  });

  it('answers 404 for a truck that does not exist', async () => {
    const res = await placeOrder(app, 'no-such-truck', pickupOrder(truck));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('truck_not_found');
  });
});

describe('delivery', () => {
  it('refuses an address outside every zone', async () => {
    const res = await refused(pickupOrder(truck, { type: 'delivery', delivery: OUT_OF_ZONE }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('outside_delivery_zone');
    expect(fieldsOf(res)).toEqual([{ path: 'delivery', code: 'outside_delivery_zone' }]);
  });

  it('refuses an order below the zone’s minimum, naming the minimum in the request’s language', async () => {
    const small = pickupOrder(truck, { type: 'delivery', delivery: IN_ZONE, lines: [{ itemId: truck.fries.id, qty: 1 }] });
    const en = await refused(small);
    expect(en.statusCode).toBe(422);
    expect(en.json().error.code).toBe('below_minimum');
    expect(en.json().error.fields[0]).toMatchObject({ path: 'delivery', params: { minimum: expect.stringContaining('2.000') } });
    expect(en.json().error.fields[0].message).toContain('2.000');
    const ar = await refused(small, { 'accept-language': 'ar' });
    expect(ar.json().error.fields[0].message).toContain('٢٫٠٠٠');
  });

  it('needs a delivery address for a delivery order', async () => {
    const res = await refused(pickupOrder(truck, { type: 'delivery' }));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ path: 'delivery', code: 'required' }]);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first order instead of placing a second', async () => {
    const headers = { 'idempotency-key': `retry-${Date.now()}` };
    const first = await placeOrder(app, truck.slug, pickupOrder(truck), headers);
    expect(first.statusCode).toBe(201);
    const before = await orderCount();
    const retry = await placeOrder(app, truck.slug, pickupOrder(truck), headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await orderCount()).toBe(before);
  });

  it('places one order for many simultaneous retries', async () => {
    const before = await orderCount();
    const headers = { 'idempotency-key': `burst-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 12 }, () => placeOrder(app, truck.slug, pickupOrder(truck), headers)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([...Array(11).fill(200), 201]);
    expect(new Set(answers.map((res) => res.json().id)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('answers a retry with the first order even once the truck takes no more orders', async () => {
    const headers = { 'idempotency-key': `paused-${Date.now()}` };
    const first = await placeOrder(app, truck.slug, pickupOrder(truck), headers);
    expect(first.statusCode).toBe(201);
    expect((await call(app, truck.owner, 'PUT', `/trucks/${truck.truck.id}/hours/pause`, { kind: 'minutes', minutes: 15 })).statusCode).toBe(200);
    try {
      const retry = await placeOrder(app, truck.slug, pickupOrder(truck), headers);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      const reused = await placeOrder(app, truck.slug, pickupOrder(truck, { customer: { name: 'Someone else', phone: '+96555500000' } }), headers);
      expect(reused.json().error.code).toBe('idempotency_key_reused');
    } finally {
      expect((await call(app, truck.owner, 'DELETE', `/trucks/${truck.truck.id}/hours/pause`)).statusCode).toBe(200);
    }
  });

  it('refuses the same key with a different order', async () => {
    const headers = { 'idempotency-key': `reuse-${Date.now()}` };
    expect((await placeOrder(app, truck.slug, pickupOrder(truck), headers)).statusCode).toBe(201);
    const res = await refused(pickupOrder(truck, { customer: { name: 'Someone else', phone: '+96555500000' } }), headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('idempotency_key_reused');
  });

  it('does not keep the key of a refused order: the corrected retry goes through', async () => {
    const headers = { 'idempotency-key': `fix-${Date.now()}` };
    expect((await placeOrder(app, truck.slug, pickupOrder(truck, { type: 'delivery', delivery: OUT_OF_ZONE }), headers)).statusCode).toBe(422);
    expect((await placeOrder(app, truck.slug, pickupOrder(truck, { type: 'delivery', delivery: IN_ZONE }), headers)).statusCode).toBe(201);
  });

  it('forgets a key after a day: the same request then places a new order', async () => {
    const headers = { 'idempotency-key': `old-${Date.now()}` };
    const first = await placeOrder(app, truck.slug, pickupOrder(truck), headers);
    await app.database.db.update(orderIdempotencyKeys).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(orderIdempotencyKeys.key, headers['idempotency-key']));
    await app.jobs.runNow('orders-forget-idempotency-keys');
    const later = await placeOrder(app, truck.slug, pickupOrder(truck), headers);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
  });

  it('refuses a key that is not printable ASCII', async () => {
    const res = await refused(pickupOrder(truck), { 'idempotency-key': 'x'.repeat(300) });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ path: 'headers.idempotency-key', code: 'too_big_string' }]);
  });
});

describe('bad input', () => {
  it.each([
    ['no lines', { lines: [] }, [{ path: 'lines', code: 'too_small_array' }]],
    ['a quantity of 0', { lines: [{ itemId: '00000000-0000-4000-8000-000000000000', qty: 0 }] }, [{ path: 'lines.0.qty', code: 'too_small_number' }]],
    ['a bad phone', { customer: { name: 'Ali', phone: '12' } }, [{ path: 'customer.phone', code: 'invalid_phone' }]],
    ['no name', { customer: { name: ' ', phone: '+96555512345' } }, [{ path: 'customer.name', code: 'too_small_string' }]],
    ['an unknown payment method', { paymentMethod: 'barter' }, [{ path: 'paymentMethod', code: 'invalid_value' }]],
    ['a requested time without offset', { requestedTime: '2030-01-01T12:00' }, [{ path: 'requestedTime', code: 'invalid_format' }]],
  ])('answers 400 with the field for %s', async (_name, overrides, fields) => {
    const res = await refused(pickupOrder(truck, overrides as never));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(fieldsOf(res)).toEqual(fields);
  });

  it('refuses a requested time in the past or too far ahead', async () => {
    const past = await refused(pickupOrder(truck, { requestedTime: new Date(Date.now() - 3_600_000).toISOString() }));
    expect(past.statusCode).toBe(422);
    expect(fieldsOf(past)).toContainEqual({ path: 'requestedTime', code: 'requested_time_past' });
    const far = await refused(pickupOrder(truck, { requestedTime: new Date(Date.now() + 30 * 86_400_000).toISOString() }));
    expect(fieldsOf(far)).toContainEqual({ path: 'requestedTime', code: 'requested_time_too_far' });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await refused('{"lines": [', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('malformed_json');
  });
});

describe('phone orders', () => {
  it('lets staff enter an order by hand: accepted at once, silent, with their name in the history', async () => {
    await call(app, truck.owner, 'PUT', `/trucks/${truck.truck.id}/hours/pause`, { kind: 'minutes', minutes: 15 });
    try {
      const res = await orderCall(app, truck.staff, 'POST', `/trucks/${truck.truck.id}/orders`, pickupOrder(truck));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json() as Order;
      expect(order).toMatchObject({ status: 'accepted', source: 'phone', total: 2_800 });
      expect(order.acknowledgedAt).not.toBeNull();
      expect(order.history.map((entry) => [entry.action, entry.status, entry.actor?.id])).toEqual([
        ['place', 'pending', truck.staff.user.id],
        ['accept', 'accepted', truck.staff.user.id],
      ]);
    } finally {
      await call(app, truck.owner, 'DELETE', `/trucks/${truck.truck.id}/hours/pause`);
    }
  });

  it('answers 404 to anyone not of the truck', async () => {
    const stranger = await signUp(app);
    const res = await orderCall(app, stranger, 'POST', `/trucks/${truck.truck.id}/orders`, pickupOrder(truck));
    expect(res.statusCode).toBe(404);
  });
});

describe('auto-accept', () => {
  it('accepts a new order with the default prep time when the truck has it on, and it still rings', async () => {
    const auto = await orderingTruck(app, admin);
    await app.database.db.update(trucks).set({ autoAccept: true, defaultPrepMinutes: 20 }).where(eq(trucks.id, auto.truck.id));
    await app.readCache.settle();
    const before = Date.now();
    const placed = await placeOrder(app, auto.slug, pickupOrder(auto));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (await orderCall(app, auto.owner, 'GET', `/trucks/${auto.truck.id}/orders/${placed.json().id}`)).json() as Order;
    expect(order.status).toBe('accepted');
    expect(order.acknowledgedAt).toBeNull();
    expect(Date.parse(order.estimatedReadyAt!)).toBeGreaterThanOrEqual(before + 20 * 60_000);
    expect(order.history.map((entry) => [entry.action, entry.actor])).toEqual([
      ['place', null],
      ['accept', null],
    ]);
  });
});

describe('orders arriving together', () => {
  /**
   * Places orders through a service of its own whose pricing all ends at one moment (the gate), in
   * the order given, as in a rush: two go out at once, alone, and the rest gather for the next write.
   */
  async function placeTogether(of: OrderingTruck, drafts: { businessDate?: string; key?: string }[]) {
    const [row] = await app.database.db.select().from(trucks).where(eq(trucks.id, of.truck.id));
    const service = createOrdersService(app);
    const draft = await priceOrder({ reads: createIntakeReads(app), truck: row!, source: 'online', lang: 'en', now: new Date() }, CreateOrderSchema.parse(pickupOrder(of)), true);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const query = vi.spyOn(app.database.pool, 'query');
    try {
      const placing = drafts.map(({ businessDate, key }) =>
        service.place(
          row!,
          key ? { key, requestHash: 'same-body' } : null,
          async () => {
            await gate;
            return businessDate ? { ...draft, businessDate } : draft;
          },
          null,
        ),
      );
      open();
      const results = await Promise.allSettled(placing);
      const writes = query.mock.calls.map(([config]) => config as unknown as { name?: string; values?: string[] }).filter((config) => config.name === 'orders_place');
      // How many orders each write carried.
      return { results, writes: writes.map((config) => (JSON.parse(config.values![0]!) as unknown[]).length) };
    } finally {
      query.mockRestore();
    }
  }

  const placed = (result: PromiseSettledResult<{ order: Order; replayed: boolean }>) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  };

  it('writes them in one statement, numbered and announced in the order they came, and counted', async () => {
    const rush = await orderingTruck(app, admin);
    const { results, writes } = await placeTogether(rush, Array.from({ length: 10 }, () => ({})));
    // Two slots: the first two alone, the eight that came while they were written together.
    expect(writes).toEqual([1, 1, 8]);
    const orders = results.map((result) => placed(result).order);
    const numbers = orders.map((order) => order.number);
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The eight written together are numbered one after another, in the order they came; each of the
    // two alone may reach the day's counter before or after them.
    const together = numbers.slice(2);
    expect(together).toEqual(together.map((_, i) => together[0]! + i));
    expect((await tabCounts(app, rush)).pending).toBe(10);
    const events = await app.database.db.select().from(truckEvents).where(eq(truckEvents.truckId, rush.truck.id)).orderBy(truckEvents.id);
    const created = events.map((event) => event.data as { order: { id: string; number: number } });
    expect(created.map((event) => event.order.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(created.map((event) => event.order.id)).toEqual([...orders].sort((a, b) => a.number - b.number).map((order) => order.id));
    expect(events.map((event) => Number(event.id))).toEqual(events.map((_, i) => Number(events[0]!.id) + i));
    const stored = (await orderCall(app, rush.owner, 'GET', `/trucks/${rush.truck.id}/orders/${orders[9]!.id}`)).json() as Order;
    expect(stored).toEqual(orders[9]);
  });

  it('fails only the order that cannot be written; the others of its statement are placed', async () => {
    const rush = await orderingTruck(app, admin);
    const { results, writes } = await placeTogether(rush, [{}, {}, {}, { businessDate: '2026-02-30' }, {}]);
    // The three together failed as one, then were written one by one.
    expect(writes).toEqual([1, 1, 3, 1, 1, 1]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(new Set(results.filter((result) => result.status === 'fulfilled').map((result) => placed(result).order.number))).toEqual(new Set([1, 2, 3, 4]));
    expect((await tabCounts(app, rush)).pending).toBe(4);
  });

  it('places one order for a key sent twice among them: they go in different writes, and both answer it', async () => {
    const rush = await orderingTruck(app, admin);
    const key = `together-${Date.now()}`;
    const { results, writes } = await placeTogether(rush, [{}, {}, { key }, {}, { key }]);
    expect(writes).toEqual([1, 1, 2, 1]);
    const [third, fifth] = [placed(results[2]!), placed(results[4]!)];
    expect([third.replayed, fifth.replayed].sort()).toEqual([false, true]);
    expect(fifth.order).toEqual(third.order);
    expect((await tabCounts(app, rush)).pending).toBe(4);
  });
});
