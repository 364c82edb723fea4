/**
 * Live events over real HTTP: single-use tickets, the stream's start, order events as they happen,
 * resuming after Last-Event-ID without losing or repeating one, resync when the events are gone,
 * delivery from another server process on the same database (LISTEN/NOTIFY), and closing.
 */
import type { OrderEvent } from '@domain/orders/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '../../testing/accounts';
import { orderCall, orderingTruck, placedOrderId, type OrderingTruck } from '../../testing/orders';
import { openEventStream } from '../../testing/sse';
import { onCleanup } from '../../testing/cleanup';
import { createTestApp } from '../../testing/test-app';
import { anotherPool } from '../../testing/test-database';
import { buildApp } from '../app';
import { LISTENER_APPLICATION_NAME } from './listener';
import { wrapPool } from '../db/database';
import { truckEvents } from '../db/tables/events';

let app: FastifyInstance;
let url: string;
let admin: SignedUp;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app } = await createTestApp());
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signUp(app, { roles: ['Admin'] });
  truck = await orderingTruck(app, admin);
});

async function ticketFor(user: SignedUp, truckId = truck.truck.id, on: FastifyInstance = app): Promise<string> {
  const res = await on.inject({ method: 'POST', url: `/api/v1/trucks/${truckId}/events/ticket`, headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { ticket: string }).ticket;
}

async function stream(user: SignedUp = truck.staff, options: { base?: string; headers?: Record<string, string>; query?: string; on?: FastifyInstance } = {}) {
  const ticket = await ticketFor(user, truck.truck.id, options.on);
  return openEventStream(`${options.base ?? url}/api/v1/trucks/${truck.truck.id}/events?ticket=${ticket}${options.query ?? ''}`, options.headers);
}

const payload = (data: string) => JSON.parse(data) as OrderEvent;

describe('tickets', () => {
  it('are given to the truck’s people only', async () => {
    expect((await app.inject({ method: 'POST', url: `/api/v1/trucks/${truck.truck.id}/events/ticket` })).statusCode).toBe(401);
    const stranger = await signUp(app);
    expect((await app.inject({ method: 'POST', url: `/api/v1/trucks/${truck.truck.id}/events/ticket`, headers: bearer(stranger.token) })).statusCode).toBe(404);
    await ticketFor(truck.staff);
  });

  it('open one stream, once, of their own truck', async () => {
    const ticket = await ticketFor(truck.owner);
    const other = await orderingTruck(app, admin);
    const elsewhere = await fetch(`${url}/api/v1/trucks/${other.truck.id}/events?ticket=${ticket}`);
    expect(elsewhere.status).toBe(401);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('stream_ticket_invalid');
    const first = await openEventStream(`${url}/api/v1/trucks/${truck.truck.id}/events?ticket=${ticket}`);
    first.close();
    expect((await fetch(`${url}/api/v1/trucks/${truck.truck.id}/events?ticket=${ticket}`)).status).toBe(401);
    expect((await fetch(`${url}/api/v1/trucks/${truck.truck.id}/events?ticket=made-up`)).status).toBe(401);
    expect((await fetch(`${url}/api/v1/trucks/${truck.truck.id}/events`)).status).toBe(400);
  });
});

describe('the stream', () => {
  it('starts with ready, then carries each new order and each change as it happens', async () => {
    const events = await stream();
    const ready = await events.next();
    expect(ready.type).toBe('ready');
    const id = await placedOrderId(app, truck);
    const created = await events.next();
    expect(created.type).toBe('order.created');
    expect(Number(created.id)).toBe(Number(ready.id) + 1);
    expect(payload(created.data).order).toMatchObject({ id, status: 'pending', acknowledgedAt: null });

    await orderCall(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/orders/${id}/actions`, { action: 'accept', prepMinutes: 10, version: 0 });
    const changed = await events.next();
    expect(changed.type).toBe('order.changed');
    expect(payload(changed.data)).toMatchObject({ order: { id, status: 'accepted', version: 1 }, history: { action: 'accept', version: 1 } });
    events.close();
  });

  it.each([
    ['the Last-Event-ID header', (id: string) => ({ headers: { 'last-event-id': id } })],
    ['the lastEventId query', (id: string) => ({ query: `&lastEventId=${id}` })],
  ])('resumes after the last event it had (%s), missing and repeating none', async (_name, resumeFrom) => {
    const first = await stream();
    await first.next('ready');
    await placedOrderId(app, truck);
    const seen = await first.next('order.created');
    first.close();
    const missed = [await placedOrderId(app, truck), await placedOrderId(app, truck)];

    const again = await stream(truck.staff, resumeFrom(seen.id));
    const replayed = [await again.next(), await again.next()];
    expect(replayed.map((event) => [event.type, payload(event.data).order.id, Number(event.id)])).toEqual([
      ['order.created', missed[0], Number(seen.id) + 1],
      ['order.created', missed[1], Number(seen.id) + 2],
    ]);
    const live = await placedOrderId(app, truck);
    const next = await again.next();
    expect([payload(next.data).order.id, Number(next.id)]).toEqual([live, Number(seen.id) + 3]);
    expect(again.received).toHaveLength(3);
    again.close();
  });

  it('tells a client to reload when the events after its id are no longer kept', async () => {
    const first = await stream();
    await first.next('ready');
    await placedOrderId(app, truck);
    const seen = await first.next('order.created');
    first.close();
    await placedOrderId(app, truck);
    await app.database.db.delete(truckEvents).where(eq(truckEvents.truckId, truck.truck.id));
    const resumed = await stream(truck.staff, { headers: { 'last-event-id': seen.id } });
    const resync = await resumed.next();
    expect(resync.type).toBe('resync');
    const live = await placedOrderId(app, truck);
    const next = await resumed.next();
    expect(Number(next.id)).toBe(Number(resync.id) + 1);
    expect(payload(next.data).order.id).toBe(live);
    resumed.close();
  });
});

describe('a lost doorbell', () => {
  it('delivers an event whose NOTIFY never came (its process died right after the commit) at the next sweep', async () => {
    const open = await stream();
    await open.next('ready');
    // What order intake's commit leaves when its process dies before ringing: the event and its counter, no NOTIFY.
    const { rows } = await app.database.pool.query<{ id: string }>(
      `WITH next AS (
         INSERT INTO truck_event_counters (truck_id, last_id) VALUES ($1, 1)
         ON CONFLICT (truck_id) DO UPDATE SET last_id = truck_event_counters.last_id + 1 RETURNING last_id
       )
       INSERT INTO truck_events (truck_id, id, type, data) SELECT $1, last_id, 'test.unrung', '{}'::jsonb FROM next RETURNING id`,
      [truck.truck.id],
    );
    await app.jobs.runNow('truck-events-missed-doorbells');
    const event = await open.next('test.unrung');
    expect(event.id).toBe(String(rows[0]!.id));
    open.close();
  });
});

describe('several server processes', () => {
  let second: FastifyInstance;
  let secondUrl: string;

  beforeAll(async () => {
    // Its own pool and LISTEN connection on the same database: a second process as far as PostgreSQL can tell.
    const pool = anotherPool(app.database, 5);
    second = await buildApp({ config: app.config, database: wrapPool(app.database.kind, pool), logger: false });
    secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    onCleanup(async () => {
      await second.close();
      await pool.end();
    });
  });

  // How soon it arrives is a figure for bench:orders, not a timed assertion a busy machine would break.
  it('delivers an order placed through one process to a dashboard connected to the other', async () => {
    const events = await stream(truck.staff, { base: secondUrl, on: second });
    await events.next('ready');
    const id = await placedOrderId(app, truck);
    const created = await events.next('order.created', 10_000);
    expect(payload(created.data).order.id).toBe(id);
    events.close();
  });

  it('delivers a change made on one process to dashboards on both', async () => {
    const here = await stream();
    const there = await stream(truck.staff, { base: secondUrl, on: second });
    await here.next('ready');
    await there.next('ready');
    const id = await placedOrderId(app, truck);
    await orderCall(second, truck.owner, 'POST', `/trucks/${truck.truck.id}/orders/${id}/actions`, { action: 'reject', reason: 'Busy', version: 0 });
    for (const events of [here, there]) {
      await events.next('order.created', 1_000);
      expect(payload((await events.next('order.changed', 1_000)).data).order).toMatchObject({ id, status: 'rejected' });
      events.close();
    }
  });
});

describe('the listener connection', () => {
  it('is one per process, shared with the read cache, and a dashboard gets what was published while it was down', async () => {
    const events = await stream();
    await events.next('ready');
    const { options } = app.database.pool;
    const outside = new pg.Client({ ...options, password: options.password });
    await outside.connect();
    onCleanup(() => outside.end());
    const listeners = async () =>
      (
        await outside.query<{ pid: number; backend: string }>(
          `SELECT pid, backend_start::text AS backend FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
          [LISTENER_APPLICATION_NAME],
        )
      ).rows;
    const before = await listeners();
    // This process and the second one of the block above: one connection each, with a stream and the read cache using it.
    expect(before.length).toBeLessThanOrEqual(2);
    expect(before.length).toBeGreaterThanOrEqual(1);

    await outside.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) pid', [before.map((row) => row.pid)]);
    await expect.poll(() => app.listener.connected).toBe(false);
    const id = await placedOrderId(app, truck); // its notification is lost: nobody listens
    await expect.poll(() => app.listener.connected && app.readCache.active, { timeout: 10_000 }).toBe(true);
    expect(payload((await events.next('order.created', 5_000)).data).order.id).toBe(id);
    expect((await listeners()).filter((row) => !before.some((old) => old.pid === row.pid)).length).toBeGreaterThanOrEqual(1);
    events.close();
  });
});

describe('closing', () => {
  // An open stream would hold close() forever (the test's timeout); how fast it goes is not asserted.
  it('ends open streams so the app closes', async () => {
    const { app: closing } = await createTestApp();
    const base = await closing.listen({ port: 0, host: '127.0.0.1' });
    const owner = await signUp(closing, { roles: ['Admin'] });
    const own = await orderingTruck(closing, owner);
    const events = await openEventStream(`${base}/api/v1/trucks/${own.truck.id}/events?ticket=${await ticketFor(own.owner, own.truck.id, closing)}`);
    await events.next('ready');
    expect(closing.events.streamCount(own.truck.id)).toBe(1);
    await closing.close();
    await events.ended;
    expect(closing.events.streamCount(own.truck.id)).toBe(0);
  });
});
