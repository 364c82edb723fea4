import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { approvedTruck } from '@testing/trucks';
import { inlineScriptHashes } from './web-static';

const INDEX = '<!doctype html><html><head><script>document.documentElement.dir="rtl"</script></head><body><div id="root"></div></body></html>';
const ASSET = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const METRICS_TOKEN = 'web-static-test-metrics-token-0123456789';

let app: FastifyInstance;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'td-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'assets', 'main-AbC123.js'), ASSET);
  writeFileSync(path.join(webDist, 'assets', 'main-AbC123.js.br'), brotliCompressSync(ASSET));
  ({ app } = await createTestApp({ config: { webDist, metricsToken: METRICS_TOKEN } }));
});

describe('serving the web build', () => {
  it('serves index.html uncached at /', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('answers a client route with index.html (SPA fallback)', async () => {
    const res = await app.inject({ method: 'GET', url: '/orders?tab=ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("answers every screen of the route table, and the seed's /sign-in redirect, with the app and 200, in the router's matching", async () => {
    for (const url of ['/new-signup', '/admin/reviews', '/jobs/12', '/booking-quote/abc-123', '/invite?token=x', '/Home/', '/sign-in?next=/home']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it("answers any other address outside /api with the app (which shows its not-found page) and 404", async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      for (const url of ['/no-such-page', '/metrics', '/home/extra', '/jobs', '/jobs/12/more', '/sign-in/extra']) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        if (method === 'GET') expect(res.body, url).toContain('<div id="root">');
      }
    }
  });

  it('keeps /metrics with the token, and the truck page: 200 for a truck that exists, its own 404 for another', async () => {
    const metrics = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('http_requests_total');
    const truck = await approvedTruck(app, await signUp(app), await signUp(app, { roles: ['Admin'] }));
    const page = await app.inject({ method: 'GET', url: `/t/${truck.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(truck.basics.nameEn);
    const unknown = await app.inject({ method: 'GET', url: '/t/no-such-truck-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('<div id="root">');
  });

  it('serves hashed assets precompressed with a year-long immutable cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API routes and missing files as 404 JSON', async () => {
    for (const url of ['/api/v1/nope', '/assets/missing-123.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('route_not_found');
    }
  });

  it('hashes every inline script of the page, and none with a src', () => {
    const page = '<head><script>a()</script><script type="module" src="/m.js"></script><script>b()</script></head>';
    expect(inlineScriptHashes(page)).toEqual(['a()', 'b()'].map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`));
  });

  it('allows exactly the inline boot script in the CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const [hash] = inlineScriptHashes(INDEX);
    expect(hash).toMatch(/^'sha256-/);
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);
  });

  it('compresses API responses', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
