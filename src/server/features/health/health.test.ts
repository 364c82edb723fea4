import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { wrapPool } from '../../db/database';
import { createTestApp } from '@testing/test-app';

describe('GET /api/v1/health', () => {
  it('answers 200 with the database kind and a round trip', async () => {
    const { app, database } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: { kind: database.kind, ok: true, roundTripMs: expect.any(Number) } });
  });

  it('is live and ready while the database answers; not ready once the app shuts down, live all along', async () => {
    const { app } = await createTestApp();
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', ready: true, database: { ok: true } });
    app.lifecycle.drain(); // what main.ts does on SIGTERM, before it stops accepting connections
    const draining = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'unavailable', ready: false, reason: 'shutting_down' });
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
  });

  it('answers 503 when the database is unreachable', async () => {
    const { config } = await createTestApp();
    // Port 1 on loopback: nothing listens there, so every connection is refused.
    const unreachable = wrapPool('external', new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 1000 }));
    const app = await buildApp({ config, database: unreachable, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: { kind: 'external', ok: false } });
      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', ready: false, reason: 'database_unreachable', database: { kind: 'external', ok: false } });
      expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
