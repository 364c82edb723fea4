/**
 * Text no column can hold (a NUL, a lone surrogate) is refused at the edge, whatever the field and
 * its schema: a field error in the request's language (a path naming nothing: 404), the database
 * never sees the value, and nothing is logged at warn. A malformed public order id answers as an
 * unknown one. Issue 43.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../testing/accounts';
import { onCleanup } from '../../testing/cleanup';
import { orderingTruck, pickupOrder, placeOrder, type OrderingTruck } from '../../testing/orders';
import { createTestApp } from '../../testing/test-app';
import { anotherPool } from '../../testing/test-database';
import { buildApp } from '../app';
import { wrapPool } from '../db/database';

let app: FastifyInstance;
let truck: OrderingTruck;
/** Every query (text and values) the probe's pool sent to PostgreSQL. */
const sent: unknown[] = [];
/** The probe's log lines at warn and above. */
const warnings: string[] = [];
let probe: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp());
  truck = await orderingTruck(app, await signUp(app, { roles: ['Admin'] }));
  const pool = anotherPool(app.database, 3);
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      sent.push(args.filter((arg) => typeof arg !== 'function'));
      return query(...args);
    }) as typeof client.query;
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      warnings.push(chunk.toString());
      done();
    },
  });
  probe = await buildApp({ config: app.config, database: wrapPool(app.database.kind, pool), logger: { level: 'warn', stream } });
  await probe.ready();
  onCleanup(async () => {
    await probe.close();
    await pool.end();
  });
});

const fieldsOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; fields?: { path: string; code: string; message: string }[] } }).error;

describe('text no column can hold', () => {
  it('is refused in any field of a body, nested or not, with a field error in the request’s language', async () => {
    const profile = await probe.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { ...bearer(truck.owner.token), 'accept-language': 'ar' },
      payload: { fullName: 'Nour\u0000' },
    });
    expect(profile.statusCode, profile.body).toBe(400);
    expect(fieldsOf(profile)).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'fullName', code: 'invalid_characters', message: 'يحتوي هذا النص على حرف لا يمكن حفظه. احذفه ثم حاول مرة أخرى.' }],
    });

    const base = pickupOrder(truck);
    const order = await placeOrder(probe, truck.slug, {
      ...base,
      customer: { ...base.customer, name: 'Fatima \ud800' },
      lines: [{ ...base.lines[0]!, note: 'no \udc00 tomatoes' }, base.lines[1]!],
    });
    expect(order.statusCode, order.body).toBe(400);
    expect(fieldsOf(order).fields).toEqual([
      expect.objectContaining({ path: 'lines.0.note', code: 'invalid_characters', message: 'This text contains a character that cannot be saved. Remove it and try again.' }),
      expect.objectContaining({ path: 'customer.name', code: 'invalid_characters' }),
    ]);
  });

  it('is refused in a query string, and a path parameter holding it names nothing (404)', async () => {
    const search = await probe.inject({ method: 'GET', url: `/api/v1/trucks/${truck.truck.id}/orders?q=Fa%00tima`, headers: bearer(truck.owner.token) });
    expect(search.statusCode, search.body).toBe(400);
    expect(fieldsOf(search).fields).toEqual([expect.objectContaining({ path: 'querystring.q', code: 'invalid_characters' })]);
    for (const url of ['/api/v1/public/trucks/%00/menu', `/api/v1/public/trucks/a%00/availability`, `/api/v1/public/trucks/%00/orders/${'a'.repeat(32)}`]) {
      const res = await probe.inject({ method: 'GET', url });
      expect([res.statusCode, fieldsOf(res).code], `${url}: ${res.body}`).toEqual([404, 'not_found']);
    }
  });

  it('never reaches the database, and nothing is logged at warn', () => {
    expect(sent.length).toBeGreaterThan(0);
    // JSON escapes exactly these: a NUL and a surrogate without its other half.
    expect(JSON.stringify(sent)).not.toMatch(/\\u0000|\\ud[89a-f][0-9a-f]{2}/i);
    expect(warnings).toEqual([]);
  });
});

describe('a public order id of another form', () => {
  it('answers as an unknown order (404 order_not_found), reading and cancelling', async () => {
    const unknown = `/api/v1/public/trucks/${truck.slug}/orders/${'0'.repeat(32)}`;
    for (const malformed of ['xyz', 'A'.repeat(32), '0'.repeat(31), '../menu']) {
      const url = `/api/v1/public/trucks/${truck.slug}/orders/${encodeURIComponent(malformed)}`;
      for (const [method, suffix] of [['GET', ''], ['POST', '/cancel']] as const) {
        const [res, known] = await Promise.all([probe.inject({ method, url: url + suffix }), probe.inject({ method, url: unknown + suffix })]);
        expect([res.statusCode, res.body], `${method} ${malformed}`).toEqual([404, known.body]);
        expect(fieldsOf(res).code).toBe('order_not_found');
      }
    }
  });
});
