/**
 * The order dashboard's API through the real app and a real database: every transition the flow
 * allows (pickup and delivery), every one it refuses, optimistic versions (also 50 people accepting
 * at once), history, acknowledgements, the acceptance-window job (also two processes at once), the
 * lists (tabs, keyset pages, search, dates, counts), the CSV export, other trucks and bad input.
 */
import type { Order, OrderCounts, OrderPage, OrderSummary } from '@domain/orders/contracts';
import type { ManualOrderActionName, OrderStatus } from '@domain/orders';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../../testing/accounts';
import { IN_ZONE, orderCall, orderingTestApp, orderingTruck, placedOrderId, type OrderingTruck } from '../../../testing/orders';
import { onCleanup } from '../../../testing/cleanup';
import { anotherPool } from '../../../testing/test-database';
import { kuwaitDate } from '../../../testing/trucks';
import { buildApp } from '../../app';
import { orderHistory, orders } from '../../db/tables/orders';
import { createOrdersService } from './orders.service';

let app: FastifyInstance;
let admin: SignedUp;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, admin, truck } = await orderingTestApp());
});

const base = () => `/trucks/${truck.truck.id}/orders`;

async function getOrder(id: string, of: OrderingTruck = truck): Promise<Order> {
  const res = await orderCall(app, of.owner, 'GET', `/trucks/${of.truck.id}/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

function act(id: string, body: Record<string, unknown>, user: SignedUp = truck.staff) {
  return orderCall(app, user, 'POST', `${base()}/${id}/actions`, body);
}

/** Acts on the order's current version and expects it to go through. */
async function step(id: string, body: Record<string, unknown>, user: SignedUp = truck.staff): Promise<Order> {
  const { version } = await getOrder(id);
  const res = await act(id, { ...body, version }, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

async function listTab(tab: string, query = ''): Promise<OrderSummary[]> {
  const res = await orderCall(app, truck.owner, 'GET', `${base()}?tab=${tab}&limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as OrderPage).orders;
}

const ACTIONS: Record<ManualOrderActionName, Record<string, unknown>> = {
  accept: { action: 'accept', prepMinutes: 10 },
  reject: { action: 'reject', reason: 'Out of chicken' },
  start_preparing: { action: 'start_preparing' },
  mark_ready: { action: 'mark_ready' },
  send_out: { action: 'send_out' },
  complete: { action: 'complete' },
  cancel: { action: 'cancel', reason: 'Customer called' },
  delay: { action: 'delay', minutes: 5 },
};

describe('the flow', () => {
  it('takes a pickup order from pending to completed, moving it between tabs, with history', async () => {
    const id = await placedOrderId(app, truck);
    expect((await listTab('pending')).map((o) => o.id)).toContain(id);

    const accepted = await step(id, { action: 'accept', prepMinutes: 20 }, truck.owner);
    expect(accepted).toMatchObject({ status: 'accepted', version: 1 });
    expect(Date.parse(accepted.estimatedReadyAt!) - Date.parse(accepted.updatedAt)).toBe(20 * 60_000);
    expect((await listTab('pending')).map((o) => o.id)).not.toContain(id);
    expect((await listTab('in_progress')).map((o) => o.id)).toContain(id);

    expect((await step(id, { action: 'start_preparing' })).status).toBe('preparing');
    const delayed = await step(id, { action: 'delay', minutes: 10 });
    expect(Date.parse(delayed.estimatedReadyAt!) - Date.parse(accepted.estimatedReadyAt!)).toBe(10 * 60_000);
    expect((await step(id, { action: 'mark_ready' })).status).toBe('ready');
    expect((await listTab('ready')).map((o) => o.id)).toContain(id);
    const completed = await step(id, { action: 'complete' });
    expect(completed).toMatchObject({ status: 'completed', paymentStatus: 'paid', version: 5 });
    expect((await listTab('completed')).map((o) => o.id)).toContain(id);

    expect(completed.history.map((entry) => [entry.version, entry.action, entry.status, entry.actor?.id ?? null])).toEqual([
      [0, 'place', 'pending', null],
      [1, 'accept', 'accepted', truck.owner.user.id],
      [2, 'start_preparing', 'preparing', truck.staff.user.id],
      [3, 'delay', 'preparing', truck.staff.user.id],
      [4, 'mark_ready', 'ready', truck.staff.user.id],
      [5, 'complete', 'completed', truck.staff.user.id],
    ]);
    expect(completed.history.every((entry) => entry.actor === null || entry.actor.name.length > 0)).toBe(true);
  });

  it('sends a delivery order out before completing it', async () => {
    const id = await placedOrderId(app, truck, { type: 'delivery', delivery: IN_ZONE });
    for (const action of ['accept', 'start_preparing', 'mark_ready'] as const) await step(id, ACTIONS[action]);
    expect((await act(id, { ...ACTIONS.complete, version: 3 })).statusCode).toBe(409);
    expect((await step(id, ACTIONS.send_out)).status).toBe('out_for_delivery');
    expect((await listTab('ready')).map((o) => o.id)).toContain(id);
    expect((await step(id, ACTIONS.complete)).status).toBe('completed');
  });

  it('rejects and cancels with the reason kept in the history', async () => {
    const rejected = await placedOrderId(app, truck);
    const afterReject = await step(rejected, { action: 'reject', reason: '  Out of bread  ' });
    expect(afterReject.status).toBe('rejected');
    expect(afterReject.history.at(-1)).toMatchObject({ action: 'reject', reason: 'Out of bread' });
    expect((await listTab('closed')).map((o) => o.id)).toContain(rejected);

    const cancelled = await placedOrderId(app, truck);
    await step(cancelled, ACTIONS.accept);
    const afterCancel = await step(cancelled, { action: 'cancel', reason: 'Customer left' });
    expect(afterCancel).toMatchObject({ status: 'cancelled' });
    expect(afterCancel.history.at(-1)).toMatchObject({ action: 'cancel', reason: 'Customer left' });
  });

  it('needs a reason to reject, and prep minutes in range to accept', async () => {
    const id = await placedOrderId(app, truck);
    const noReason = await act(id, { action: 'reject', reason: '   ', version: 0 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual([expect.objectContaining({ path: 'reason', code: 'reason_required' })]);
    const tooLong = await act(id, { action: 'accept', prepMinutes: 1_000, version: 0 });
    expect(tooLong.statusCode).toBe(400);
    expect((await getOrder(id)).status).toBe('pending');
  });
});

/** docs/product.md §2.6, spelled out: what each status refuses (delivery orders may not skip the ride, pickups have none). */
const REFUSED: [string, OrderStatus, ManualOrderActionName[], 'pickup' | 'delivery'][] = [
  ['pending', 'pending', ['start_preparing', 'mark_ready', 'send_out', 'complete', 'cancel', 'delay'], 'pickup'],
  ['accepted', 'accepted', ['accept', 'reject', 'mark_ready', 'send_out', 'complete'], 'pickup'],
  ['preparing', 'preparing', ['accept', 'reject', 'start_preparing', 'send_out', 'complete'], 'pickup'],
  ['ready (pickup)', 'ready', ['accept', 'reject', 'start_preparing', 'mark_ready', 'send_out', 'cancel', 'delay'], 'pickup'],
  ['ready (delivery)', 'ready', ['accept', 'reject', 'start_preparing', 'mark_ready', 'complete', 'cancel', 'delay'], 'delivery'],
  ['out for delivery', 'out_for_delivery', ['accept', 'reject', 'start_preparing', 'mark_ready', 'send_out', 'cancel', 'delay'], 'delivery'],
  ['completed', 'completed', ['accept', 'reject', 'start_preparing', 'mark_ready', 'send_out', 'complete', 'cancel', 'delay'], 'pickup'],
  ['rejected', 'rejected', ['accept', 'reject', 'start_preparing', 'mark_ready', 'send_out', 'complete', 'cancel', 'delay'], 'pickup'],
  ['cancelled', 'cancelled', ['accept', 'reject', 'start_preparing', 'mark_ready', 'send_out', 'complete', 'cancel', 'delay'], 'pickup'],
];

const PATH_TO: Record<OrderStatus, ManualOrderActionName[]> = {
  pending: [],
  accepted: ['accept'],
  preparing: ['accept', 'start_preparing'],
  ready: ['accept', 'start_preparing', 'mark_ready'],
  out_for_delivery: ['accept', 'start_preparing', 'mark_ready', 'send_out'],
  completed: ['accept', 'start_preparing', 'mark_ready', 'complete'],
  rejected: ['reject'],
  cancelled: ['accept', 'cancel'],
  expired: [],
};

describe('refused transitions', () => {
  it.each(REFUSED)('refuses, with 409 and the current order, what an order that is %s may not do', async (_name, status, refused, type) => {
    const id = await placedOrderId(app, truck, type === 'delivery' ? { type, delivery: IN_ZONE } : {});
    for (const action of PATH_TO[status]) await step(id, ACTIONS[action]);
    const before = await getOrder(id);
    expect(before.status).toBe(status);
    for (const action of refused) {
      const res = await act(id, { ...ACTIONS[action], version: before.version });
      expect(res.statusCode, `${status} ${action}`).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'illegal_transition', details: { status, order: { id, status, version: before.version } } });
    }
    expect(await getOrder(id)).toEqual(before);
  });

  it('refuses an expired order everything', async () => {
    const id = await placedOrderId(app, truck);
    await app.database.db.update(orders).set({ acceptBy: new Date(Date.now() - 1000) }).where(eq(orders.id, id));
    await app.readCache.settle();
    await app.jobs.runNow('orders-expire-pending');
    const expired = await getOrder(id);
    expect(expired.status).toBe('expired');
    for (const body of Object.values(ACTIONS)) expect((await act(id, { ...body, version: expired.version })).statusCode).toBe(409);
  });
});

describe('versions', () => {
  it('answers a stale version with 409 and the current order, changing nothing', async () => {
    const id = await placedOrderId(app, truck);
    await step(id, ACTIONS.accept, truck.owner);
    const res = await act(id, { action: 'start_preparing', version: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'conflict', details: { order: { id, status: 'accepted', version: 1 } } });
    expect((await getOrder(id)).version).toBe(1);
  });

  it('lets exactly one of 50 simultaneous accepts win', async () => {
    const id = await placedOrderId(app, truck);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => act(id, { action: 'accept', prepMinutes: 5 + (i % 30), version: 0 }, i % 2 ? truck.staff : truck.owner)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const order = await getOrder(id);
    expect(order).toMatchObject({ status: 'accepted', version: 1 });
    expect(order.history.filter((entry) => entry.action === 'accept')).toHaveLength(1);
  });
});

describe('acknowledging', () => {
  it('silences new orders for every device, once', async () => {
    const ids = [await placedOrderId(app, truck), await placedOrderId(app, truck)];
    expect((await getOrder(ids[0]!)).acknowledgedAt).toBeNull();
    const res = await orderCall(app, truck.staff, 'POST', `${base()}/acknowledge`, { orderIds: ids });
    expect(res.json()).toEqual({ acknowledged: 2 });
    const again = await orderCall(app, truck.staff, 'POST', `${base()}/acknowledge`, { orderIds: ids });
    expect(again.json()).toEqual({ acknowledged: 0 });
    const order = await getOrder(ids[0]!);
    expect(order.acknowledgedAt).not.toBeNull();
    expect(order.version).toBe(0);
  });

  it('counts any action as hearing it', async () => {
    const id = await placedOrderId(app, truck);
    expect((await step(id, ACTIONS.accept)).acknowledgedAt).not.toBeNull();
  });
});

describe('the acceptance window', () => {
  it('expires pending orders once their window has passed, and only those', async () => {
    const due = await placedOrderId(app, truck);
    const fresh = await placedOrderId(app, truck);
    await app.database.db.update(orders).set({ acceptBy: new Date(Date.now() - 60_000) }).where(eq(orders.id, due));
    await app.readCache.settle();
    await app.jobs.runNow('orders-expire-pending');
    const expired = await getOrder(due);
    expect(expired).toMatchObject({ status: 'expired', version: 1 });
    expect(expired.history.at(-1)).toMatchObject({ action: 'expire', status: 'expired', actor: null });
    expect((await getOrder(fresh)).status).toBe('pending');
  });

  it('expires each order once when two server processes run the job at the same moment', async () => {
    const second = await buildApp({ config: app.config, database: app.database, logger: false });
    await second.ready();
    onCleanup(() => second.close());
    const ids = await Promise.all(Array.from({ length: 30 }, () => placedOrderId(app, truck)));
    await app.database.db.update(orders).set({ acceptBy: new Date(Date.now() - 1000) }).where(inArray(orders.id, ids));
    await app.readCache.settle();
    const jobs = [createOrdersService(app), createOrdersService(second)];
    await Promise.all(jobs.flatMap((job) => [job.expireDue(new Date(), 7), job.expireDue(new Date(), 7), job.expireDue(new Date(), 7)]));
    await app.jobs.runNow('orders-expire-pending');
    const history = await app.database.db
      .select({ orderId: orderHistory.orderId })
      .from(orderHistory)
      .where(and(inArray(orderHistory.orderId, ids), eq(orderHistory.action, 'expire')));
    expect(history).toHaveLength(30);
    expect(new Set(history.map((row) => row.orderId)).size).toBe(30);
  });
});

describe('lock order', () => {
  // Intake is one statement: it takes the truck's event counter row (its `next` step), then its AFTER
  // triggers update the truck's /home sales rollup rows. A reject, cancel or expiry updates the same
  // rollup rows (the order leaves the sales) and publishes an event: if it touched the rollups before
  // asking for the counter, the two would each hold what the other waits for (the deadlock reported
  // under mixed load, bench:mixed). Here another connection does what intake does, in intake's order, with a pause in
  // between: it holds the counter, waits until the change waits on it, then updates the rollups. Had
  // the change taken the rollups first, PostgreSQL would fail it with a deadlock (its check runs after
  // 1 s; the other connection's after 60 s) and it would answer 500.
  const changes: [string, (id: string) => Promise<{ statusCode: number; body: string }>][] = [
    ['a reject', async (id) => act(id, { ...ACTIONS.reject, version: (await getOrder(id)).version })],
    [
      'an expiry',
      async (id) => {
        await app.database.db.update(orders).set({ acceptBy: new Date(Date.now() - 60_000) }).where(eq(orders.id, id));
        await app.jobs.runNow('orders-expire-pending');
        const order = await getOrder(id);
        return { statusCode: order.status === 'expired' ? 200 : 500, body: JSON.stringify(order) };
      },
    ],
  ];

  it.each(changes)('has %s take the truck’s event counter before the rollups, as intake does, so the two never deadlock', async (_name, change) => {
    const id = await placedOrderId(app, truck);
    const pool = anotherPool(app.database, 2);
    onCleanup(() => pool.end());
    const [intake, watcher] = [await pool.connect(), await pool.connect()];
    try {
      await intake.query('BEGIN');
      await intake.query(`SET LOCAL deadlock_timeout = '60s'`);
      const intakePid = (await intake.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await intake.query(`UPDATE truck_event_counters SET last_id = last_id WHERE truck_id = $1`, [truck.truck.id]);
      const answer = change(id);
      for (;;) {
        const { rows } = await watcher.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, [intakePid]);
        if (rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await intake.query(`UPDATE order_sales_hourly SET orders = orders WHERE truck_id = $1`, [truck.truck.id]);
      await intake.query('COMMIT');
      const res = await answer;
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      intake.release();
      watcher.release();
    }
  });
});

describe('lists', () => {
  let listed: OrderingTruck;
  let ids: string[];

  beforeAll(async () => {
    listed = await orderingTruck(app, admin);
    ids = [];
    for (const name of ['Noura Al-Ali', 'Omar Haddad', 'Layla Nasser', 'Omar Saleh', 'Yousef Karam']) {
      ids.push(await placedOrderId(app, listed, { customer: { name, phone: `+9655551${String(ids.length).padStart(4, '0')}` } }));
    }
    // The first two are turned down, the last three wait.
    for (const id of ids.slice(0, 2)) {
      await orderCall(app, listed.owner, 'POST', `/trucks/${listed.truck.id}/orders/${id}/actions`, { action: 'reject', reason: 'Closing early', version: 0 });
    }
  });

  const listOf = async (query: string) => {
    const res = await orderCall(app, listed.owner, 'GET', `/trucks/${listed.truck.id}/orders?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderPage;
  };

  it('pages through a tab with a cursor, oldest first, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: OrderPage = await listOf(`tab=pending&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.orders.map((order) => order.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(ids.slice(2));
  });

  it('lists finished tabs newest first', async () => {
    expect((await listOf('tab=closed')).orders.map((order) => order.id)).toEqual([ids[1], ids[0]]);
  });

  it('finds orders by number, customer name or phone', async () => {
    const third = (await listOf('tab=pending')).orders.find((order) => order.id === ids[2])!;
    expect((await listOf(`tab=pending&q=${encodeURIComponent(`#${String(third.number).padStart(3, '0')}`)}`)).orders.map((o) => o.id)).toEqual([ids[2]]);
    expect((await listOf('tab=pending&q=omar')).orders.map((o) => o.customer.name)).toEqual(['Omar Saleh']);
    expect((await listOf('tab=closed&q=OMAR')).orders.map((o) => o.customer.name)).toEqual(['Omar Haddad']);
    expect((await listOf(`tab=closed&q=${encodeURIComponent('5551 0000')}`)).orders.map((o) => o.id)).toEqual([ids[0]]);
    expect((await listOf('tab=pending&q=%25')).orders).toEqual([]);
  });

  it('filters by the truck’s local dates and counts every tab with the same filters', async () => {
    const today = kuwaitDate(0);
    const counts = (await orderCall(app, listed.owner, 'GET', `/trucks/${listed.truck.id}/orders/counts?from=${today}&to=${today}`)).json() as OrderCounts;
    expect(counts).toEqual({ pending: 3, in_progress: 0, ready: 0, completed: 0, closed: 2 });
    expect((await listOf(`tab=pending&from=${kuwaitDate(1)}`)).orders).toEqual([]);
    expect((await listOf(`tab=pending&to=${kuwaitDate(-1)}`)).orders).toEqual([]);
    const searched = (await orderCall(app, listed.owner, 'GET', `/trucks/${listed.truck.id}/orders/counts?q=omar`)).json() as OrderCounts;
    expect(searched).toMatchObject({ pending: 1, closed: 1 });
  });

  it.each([
    ['an unknown tab', 'tab=everything', 'tab', 'invalid_value'],
    ['a broken cursor', 'cursor=not-a-cursor', 'cursor', 'invalid_cursor'],
    ['a reversed range', `from=${kuwaitDate(1)}&to=${kuwaitDate(0)}`, 'to', 'range_reversed'],
    ['a page too long', 'limit=1000', 'limit', 'too_big_number'],
  ])('answers 400 for %s', async (_name, query, path, code) => {
    const res = await orderCall(app, listed.owner, 'GET', `/trucks/${listed.truck.id}/orders?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path: expect.stringMatching(new RegExp(`${path}$`)), code })]);
  });
});

describe('the CSV export', () => {
  let exported: OrderingTruck;

  beforeAll(async () => {
    exported = await orderingTruck(app, admin);
    await placedOrderId(app, exported, { customer: { name: '=HYPERLINK("http://evil.example","click")', phone: '+96555500001' } });
    await placedOrderId(app, exported, { customer: { name: 'فاطمة "أم علي"', phone: '+96555500002' }, type: 'delivery', delivery: IN_ZONE });
  });

  const download = (query: string, lang = 'en') =>
    orderCall(app, exported.owner, 'GET', `/trucks/${exported.truck.id}/orders/export?${query}`, undefined, { 'accept-language': lang });

  it('opens right in a spreadsheet: BOM, CRLF, quoted fields, no formulas, Arabic intact', async () => {
    const today = kuwaitDate(0);
    const res = await download(`from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${today}-to-${today}.csv"`);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    const rows = text.split('\r\n');
    expect(rows.at(-1)).toBe('');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(rows[0]!.startsWith('"Order","Date","Time","Status"')).toBe(true);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(rows[1]).toContain(`"'+96555500001"`);
    expect(rows[1]).toContain('"1× Chicken shawarma (Saj, Garlic); 2× Fries"');
    expect(rows[1]).toContain('"2.800","0.000","2.800","KWD"');
    expect(rows[2]).toContain('"فاطمة ""أم علي"""');
    expect(rows[2]).toContain('"Delivery"');
    for (const row of rows.slice(0, 3)) expect(row).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
  });

  it('speaks the request’s language', async () => {
    const today = kuwaitDate(0);
    const text = (await download(`from=${today}&to=${today}`, 'ar')).rawPayload.subarray(3).toString('utf8');
    expect(text.startsWith('"الطلب","التاريخ"')).toBe(true);
    expect(text).toContain('"بانتظار الرد"');
    expect(text).toContain('١× شاورما دجاج (صاج، ثوم)');
  });

  it('has only the heading for days without orders', async () => {
    const res = await download(`from=${kuwaitDate(-30)}&to=${kuwaitDate(-20)}`);
    expect(res.rawPayload.subarray(3).toString('utf8').split('\r\n')).toHaveLength(2);
  });

  it.each([
    ['no dates', '', 'from', 'required'],
    ['a reversed range', `from=${kuwaitDate(0)}&to=${kuwaitDate(-1)}`, 'to', 'range_reversed'],
    ['more than a year', `from=${kuwaitDate(-400)}&to=${kuwaitDate(0)}`, 'to', 'range_too_long'],
  ])('answers 400 for %s', async (_name, query, path, code) => {
    const res = await download(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({ path: `querystring.${path}`, code });
  });
});

describe('the desk', () => {
  it('tells staff what the dashboard needs of the truck', async () => {
    const res = await orderCall(app, truck.staff, 'GET', `${base()}/desk`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      truckId: truck.truck.id,
      nameEn: truck.truck.basics.nameEn,
      nameAr: truck.truck.basics.nameAr,
      currency: 'KWD',
      timeZone: 'Asia/Kuwait',
      defaultPrepMinutes: 15,
      acceptanceWindowMinutes: 10,
      autoAccept: false,
      tax: { mode: 'none' },
      tips: { enabled: false, presetsBp: [0, 500, 1000, 1500], capBp: 3000 },
      location: { lat: 29.38, lng: 47.99 },
      mayRefund: false,
    });
    // Giving money back is the owner's (and staff's only once the owner lets them: refunds.test.ts).
    expect((await orderCall(app, truck.owner, 'GET', `${base()}/desk`)).json()).toMatchObject({ mayRefund: true });
  });
});

describe('other trucks and strangers', () => {
  let other: OrderingTruck;
  let stranger: SignedUp;
  let mine: string;
  let theirs: string;

  beforeAll(async () => {
    other = await orderingTruck(app, admin);
    stranger = await signUp(app);
    mine = await placedOrderId(app, truck);
    theirs = await placedOrderId(app, other);
  });

  it.each([
    ['list', 'GET', (t: string) => `/trucks/${t}/orders`],
    ['count', 'GET', (t: string) => `/trucks/${t}/orders/counts`],
    ['read the desk of', 'GET', (t: string) => `/trucks/${t}/orders/desk`],
    ['export', 'GET', (t: string) => `/trucks/${t}/orders/export?from=${kuwaitDate(0)}&to=${kuwaitDate(0)}`],
  ] as const)('answers 404 when another vendor tries to %s a truck’s orders', async (_name, method, url) => {
    for (const user of [other.owner, stranger]) {
      const res = await orderCall(app, user, method, url(truck.truck.id));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('truck_not_found');
    }
  });

  it('answers 404 for an order of another truck, even through one’s own truck', async () => {
    expect((await orderCall(app, other.owner, 'GET', `/trucks/${truck.truck.id}/orders/${mine}`)).statusCode).toBe(404);
    const throughOwn = await orderCall(app, other.owner, 'GET', `/trucks/${other.truck.id}/orders/${mine}`);
    expect(throughOwn.statusCode).toBe(404);
    expect(throughOwn.json().error.code).toBe('order_not_found');
    const acting = await orderCall(app, other.owner, 'POST', `/trucks/${other.truck.id}/orders/${mine}/actions`, { ...ACTIONS.accept, version: 0 });
    expect(acting.statusCode).toBe(404);
    const acknowledging = await orderCall(app, other.owner, 'POST', `/trucks/${other.truck.id}/orders/acknowledge`, { orderIds: [mine] });
    expect(acknowledging.json()).toEqual({ acknowledged: 0 });
    expect((await getOrder(mine)).status).toBe('pending');
    expect((await getOrder(mine)).acknowledgedAt).toBeNull();
    expect((await getOrder(theirs, other)).status).toBe('pending');
  });

  it('answers 401 without a token and 404 for an id that is not one', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/v1${base()}` })).statusCode).toBe(401);
    expect((await orderCall(app, truck.owner, 'GET', `${base()}/not-an-id`)).statusCode).toBe(404);
    const unknownAction = await act(mine, { action: 'teleport', version: 0 });
    expect(unknownAction.statusCode).toBe(400);
  });
});
