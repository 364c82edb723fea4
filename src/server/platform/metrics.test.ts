/**
 * /metrics: Prometheus text with requests by route pattern and status, latency histograms, the pool,
 * event-stream clients, read-cache hits and misses and job runs; hidden (404) without the token.
 */
import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '@testing/accounts';
import { orderingTruck } from '@testing/orders';
import { createTestApp } from '@testing/test-app';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /metrics', () => {
  it('is not there without the right token, nor when no token is configured', async () => {
    const { app } = await createTestApp({ config: { metricsToken: TOKEN } });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: bearer('wrong-token-of-the-same-length-xx') })).statusCode).toBe(404);
    const { app: unconfigured } = await createTestApp();
    expect((await unconfigured.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).statusCode).toBe(404);
  });

  it('counts requests by route pattern and status, with latencies, pool, streams, read cache and jobs', async () => {
    const { app } = await createTestApp({ config: { metricsToken: TOKEN } });
    const admin = await signUp(app, { roles: ['Admin'] });
    const { truck, owner } = await orderingTruck(app, admin);
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: `/api/v1/trucks/${truck.id}/orders?tab=pending`, headers: bearer(owner.token) });
    await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    await app.jobs.runNow('truck-events-retention');

    const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/trucks\/:truckId\/orders",status="200"\} 3\n/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1\n/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/trucks\/:truckId\/orders"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/trucks\/:truckId\/orders"\} 3\n/);
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{state="max"\} \d+/);
    expect(text).toMatch(/sse_clients 0\n/);
    expect(text).toMatch(/db_listener_connected 1\n/);
    const hits = Number(/read_cache_lookups_total\{result="hit"\} (\d+)/.exec(text)?.[1]);
    const misses = Number(/read_cache_lookups_total\{result="miss"\} (\d+)/.exec(text)?.[1]);
    expect(hits).toBeGreaterThan(0); // the second and third list, the session, the truck
    expect(misses).toBeGreaterThan(0);
    expect(text).toMatch(/job_runs_total\{job="truck-events-retention",outcome="ok"\} 1\n/);
  });
});
