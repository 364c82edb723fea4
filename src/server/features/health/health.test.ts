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

  it('answers 503 when the database is unreachable', async () => {
    const { config } = await createTestApp();
    // Port 1 on loopback: nothing listens there, so every connection is refused.
    const unreachable = wrapPool('external', new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 1000 }));
    const app = await buildApp({ config, database: unreachable, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: { kind: 'external', ok: false } });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
