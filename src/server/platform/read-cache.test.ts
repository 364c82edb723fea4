/**
 * The read cache through two app instances on one database (two processes as far as PostgreSQL can
 * tell): what one changes, or what anyone changes in the database directly, the other stops serving
 * from its cache as soon as the notification arrives (`settle()` waits for that); a write's answer is
 * only sent once its own process's cache has it; reads that raced a change are not kept; and nothing
 * is kept while the LISTEN connection is down.
 */
import type { OrderCounts, OrderPage } from '@domain/orders/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '@testing/accounts';
import { orderCall, orderingTruck, placedOrderId, type OrderingTruck } from '@testing/orders';
import { onCleanup } from '@testing/cleanup';
import { createTestApp } from '@testing/test-app';
import { anotherPool } from '@testing/test-database';
import { buildApp } from '../app';
import { LISTENER_APPLICATION_NAME } from './listener';
import { wrapPool } from '../db/database';
import { truckMembers } from '../db/tables/trucks';
import { and, eq } from 'drizzle-orm';

let app: FastifyInstance;
let other: FastifyInstance;
let outside: pg.Pool;
let admin: SignedUp;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app } = await createTestApp());
  const pool = anotherPool(app.database, 5);
  other = await buildApp({ config: app.config, database: wrapPool(app.database.kind, pool), logger: false });
  await other.ready();
  // Someone outside the app: the admin CLI, or psql.
  outside = anotherPool(app.database, 2);
  onCleanup(async () => {
    await other.close();
    await pool.end();
    await outside.end();
  });
  admin = await signUp(app, { roles: ['Admin'] });
  truck = await orderingTruck(app, admin);
});

const me = (on: FastifyInstance, user: SignedUp) => on.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) });
const desk = (on: FastifyInstance, user: SignedUp) => orderCall(on, user, 'GET', `/trucks/${truck.truck.id}/orders/desk`);

async function pending(on: FastifyInstance): Promise<string[]> {
  const res = await orderCall(on, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders?tab=pending`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as OrderPage).orders.map((order) => order.id);
}

async function pendingCount(on: FastifyInstance): Promise<number> {
  const res = await orderCall(on, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/counts`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as OrderCounts).pending;
}

describe('sessions', () => {
  it('ends a session on every process when it signs out there', async () => {
    const user = await signUp(app);
    expect((await me(other, user)).statusCode).toBe(200);
    expect((await me(other, user)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: bearer(user.token) });
    expect(out.statusCode, out.body).toBeLessThan(300);
    // The process that signed out answers from the database at once; the other once notified.
    expect((await me(app, user)).json().error.code).toBe('session_ended');
    await other.readCache.settle();
    expect((await me(other, user)).json().error.code).toBe('session_ended');
  });

  it('takes a change of roles made outside the app at once', async () => {
    const user = await signUp(app);
    const adminOnly = (on: FastifyInstance) => on.inject({ method: 'GET', url: '/api/v1/admin/trucks?status=submitted', headers: bearer(user.token) });
    expect((await adminOnly(other)).statusCode).toBe(403);
    await outside.query(`UPDATE users SET roles = ARRAY['Admin'] WHERE id = $1`, [user.user.id]);
    await other.readCache.settle();
    expect((await adminOnly(other)).statusCode).toBe(200);
    await outside.query(`UPDATE users SET roles = ARRAY['Applicant'] WHERE id = $1`, [user.user.id]);
    await other.readCache.settle();
    expect((await adminOnly(other)).statusCode).toBe(403);
  });
});

describe('trucks', () => {
  it("gives a new staff member the truck as soon as they are added, and takes it away as soon as they are removed", async () => {
    const newcomer = await signUp(app);
    expect((await desk(other, newcomer)).statusCode).toBe(404);
    await outside.query('INSERT INTO truck_members (truck_id, user_id) VALUES ($1, $2)', [truck.truck.id, newcomer.user.id]);
    await other.readCache.settle();
    expect((await desk(other, newcomer)).statusCode).toBe(200);
    await app.database.db.delete(truckMembers).where(and(eq(truckMembers.truckId, truck.truck.id), eq(truckMembers.userId, newcomer.user.id)));
    await other.readCache.settle();
    expect((await desk(other, newcomer)).statusCode).toBe(404);
  });

  it('shows a change of the truck to every process', async () => {
    const before = (await desk(other, truck.owner)).json() as { defaultPrepMinutes: number };
    await outside.query('UPDATE trucks SET default_prep_minutes = $2 WHERE id = $1', [truck.truck.id, before.defaultPrepMinutes + 7]);
    await other.readCache.settle();
    expect(((await desk(other, truck.owner)).json() as { defaultPrepMinutes: number }).defaultPrepMinutes).toBe(before.defaultPrepMinutes + 7);
  });
});

describe('order lists', () => {
  it("shows one process's dashboard an order placed through the other, and its acceptance", async () => {
    const listed = await pending(other);
    const count = await pendingCount(other);
    const id = await placedOrderId(app, truck);
    await other.readCache.settle();
    expect(await pending(other)).toEqual([...listed, id]);
    expect(await pendingCount(other)).toBe(count + 1);

    // Written through `other`: its answer is sent once its own cache has the change.
    const accepted = await orderCall(other, truck.staff, 'POST', `/trucks/${truck.truck.id}/orders/${id}/actions`, { action: 'accept', prepMinutes: 10, version: 0 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await pending(other)).toEqual(listed);
    await app.readCache.settle();
    expect(await pending(app)).toEqual(listed);
  });
});

describe('the cache itself', () => {
  it('does not keep a value read while its scope changed', async () => {
    const loads: number[] = [];
    const load = (value: number, change = false) => async () => {
      loads.push(value);
      if (change) {
        await outside.query(`SELECT pg_notify('td_cache', 'orders:racing')`);
        await app.readCache.settle();
      }
      return value;
    };
    expect(await app.readCache.remember('racing', ['orders:racing'], load(1, true))).toBe(1);
    expect(await app.readCache.remember('racing', ['orders:racing'], load(2))).toBe(2);
    expect(await app.readCache.remember('racing', ['orders:racing'], load(3))).toBe(2);
    expect(loads).toEqual([1, 2]);
    // A change elsewhere leaves it be.
    await outside.query(`SELECT pg_notify('td_cache', 'orders:elsewhere')`);
    await app.readCache.settle();
    expect(await app.readCache.remember('racing', ['orders:racing'], load(4))).toBe(2);
  });

  it('keeps nothing while its LISTEN connection is down, and starts afresh when it is back', async () => {
    expect(app.readCache.active).toBe(true);
    await app.readCache.remember('listen', ['test:listen'], async () => 'before');
    const { rows } = await outside.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = '${LISTENER_APPLICATION_NAME}'`);
    expect(rows.length).toBe(2); // this app's and the other's: one per process, shared with the live events
    await outside.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) pid', [rows.map((row) => row.pid)]);
    await expect.poll(() => app.readCache.active).toBe(false);
    expect(app.readCache.size).toBe(0);
    expect(await app.readCache.remember('listen', ['test:listen'], async () => 'while down')).toBe('while down');
    expect(app.readCache.size).toBe(0);
    // Requests are answered all along, from the database.
    expect((await desk(app, truck.owner)).statusCode).toBe(200);

    await expect.poll(() => app.readCache.active && other.readCache.active, { timeout: 10_000 }).toBe(true);
    expect(await app.readCache.remember('listen', ['test:listen'], async () => 'after')).toBe('after');
    expect(await app.readCache.remember('listen', ['test:listen'], async () => 'later')).toBe('after');
  });
});
