/**
 * The hostile requests that once answered 500 or lost their connection, each as its own case; the
 * fuzz suite beside this file finds new ones.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '@testing/accounts';
import { orderingTruck, type OrderingTruck } from '@testing/orders';
import { rawRequest } from '@testing/raw-http';
import { createTestApp } from '@testing/test-app';

let app: FastifyInstance;
let port: number;
let truck: OrderingTruck;
let admin: SignedUp;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
  truck = await orderingTruck(app, admin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function multipartWith(boundary: string, field: string) {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

describe('multipart uploads with a bad boundary', () => {
  const targets = () => [
    { method: 'POST', url: `/api/v1/trucks/${truck.truck.id}/uploads?purpose=logo`, field: 'file' },
    { method: 'PUT', url: '/api/v1/me/avatar', field: 'avatar' },
  ];
  for (const [name, contentType, boundary] of [
    ['no boundary', 'multipart/form-data', 'x'],
    ['a 500-character boundary', `multipart/form-data; boundary=${'b'.repeat(500)}`, 'b'.repeat(500)],
    ['an empty boundary', 'multipart/form-data; boundary=', ''],
    ['a boundary ending in a space', 'multipart/form-data; boundary="ab "', 'ab '],
  ] as const) {
    it(`answers 400 in the error shape to ${name}`, async () => {
      for (const target of targets()) {
        const res = await app.inject({
          method: target.method as 'POST',
          url: target.url,
          headers: { ...bearer(truck.owner.token), 'content-type': contentType },
          payload: multipartWith(boundary, target.field),
        });
        expect(res.statusCode, `${target.url}: ${res.body}`).toBe(400);
        expect(res.json().error.code).toBe('malformed_request');
      }
    });
  }
});

describe('multipart bodies cut short', () => {
  it.each([
    ['inside the part headers', '--b1\r\nno headers end here'],
    ['inside the file', '--b1\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG'],
  ])('answers 400 malformed_request to a body cut %s', async (_where, body) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/trucks/${truck.truck.id}/uploads?purpose=menu_photo`,
      headers: { ...bearer(truck.owner.token), 'content-type': 'multipart/form-data; boundary=b1' },
      payload: body,
    });
    expect([res.statusCode, res.json().error.code], res.body).toEqual([400, 'malformed_request']);
  });
});

describe('order counts and lists over extreme date ranges', () => {
  it.each(['counts', 'export', ''])('answers /orders/%s from 0001-01-01 to 9999-12-31 without a 5xx', async (path) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/trucks/${truck.truck.id}/orders${path ? `/${path}` : ''}?from=0001-01-01&to=9999-12-31`,
      headers: bearer(truck.owner.token),
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describe('values the contracts let through but the columns cannot hold', () => {
  it('answers a NUL in a slug as a truck that is not there (404), and 422 in the error shape to a version past int4', async () => {
    const slug = await app.inject({ method: 'GET', url: '/api/v1/public/trucks/%00/menu' });
    expect([slug.statusCode, slug.json().error.code], slug.body).toEqual([404, 'not_found']);
    const zones = await app.inject({ method: 'GET', url: `/api/v1/trucks/${truck.truck.id}/zones`, headers: bearer(truck.owner.token) });
    const zone = (zones.json() as { zones: Record<string, unknown>[] }).zones[0]!;
    const { id, version, name, shape, feeRules, minimumOrder, estimatedMinutes, active } = zone;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/trucks/${truck.truck.id}/zones/${String(id)}`,
      headers: bearer(truck.owner.token),
      payload: { name, shape, feeRules, minimumOrder, estimatedMinutes, active, version: 2 ** 40 + Number(version) },
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.json().error).toBeDefined();
  });
});

describe('the HTTP parser’s refusals', () => {
  it('answers a NUL byte in a header in the error shape', async () => {
    const res = await rawRequest(port, { method: 'GET', target: '/api/v1/health', headers: [['X-Evil', 'a\u0000b']] });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'malformed_request', message: 'The request is malformed.' } });
  });

  it('answers headers over the limit with 431 in the error shape', async () => {
    const res = await rawRequest(port, { method: 'GET', target: '/api/v1/health', headers: [['X-Big', 'h'.repeat(20_000)]] });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).error.code).toBe('headers_too_large');
  });

  it('answers a URL it cannot decode, and an unmet Expect, in the error shape', async () => {
    const bad = await rawRequest(port, { method: 'GET', target: '/api/v1/trucks/%E0%A4%A' });
    expect([bad.status, JSON.parse(bad.body).error.code]).toEqual([400, 'malformed_request']);
    const expectation = await rawRequest(port, { method: 'GET', target: '/api/v1/health', headers: [['Expect', 'tea']] });
    expect([expectation.status, JSON.parse(expectation.body).error.code]).toEqual([417, 'expectation_failed']);
  });
});
