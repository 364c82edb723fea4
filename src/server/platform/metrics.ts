/**
 * Prometheus metrics (prom-client): requests by route and status with latency histograms, the
 * database pool, event-stream clients, read-cache hits and misses, background job runs, the
 * listener connection. Served at `/metrics` on the public port only with `Authorization: Bearer
 * METRICS_TOKEN` (404 otherwise, as if it did not exist), and/or on METRICS_PORT by main.ts, which
 * with several workers adds up every worker's figures.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

export interface MetricsPluginOptions {
  /** Process metrics (CPU, memory, event loop, GC): once per process, not for every app a test builds. */
  processMetrics?: boolean;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function tokenMatches(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Counters whose value lives elsewhere (a plain number kept by the code that counts): read at scrape time. */
function mirroredCounter(registry: Registry, name: string, help: string, labelNames: string[], read: () => [Record<string, string>, number][]) {
  return new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) if (value > 0) this.inc(labels, value);
    },
  });
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsPluginOptions) => {
    const registry = new Registry();
    if (options.processMetrics) collectDefaultMetrics({ register: registry });
    app.decorate('metrics', registry);

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern, never the raw URL (ids would make a series per order); unknown paths in one bucket.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });

    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting = requests queued for a connection), and the pool maximum',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { pool } = app.database;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options.max ?? 10);
      },
    });
    new Gauge({
      name: 'sse_clients',
      help: 'Live event streams (dashboards) open on this process',
      registers: [registry],
      collect() {
        this.set(app.hasDecorator('events') ? app.events.streamCount() : 0);
      },
    });
    new Gauge({
      name: 'db_listener_connected',
      help: '1 while the LISTEN connection (read cache and live events) is up',
      registers: [registry],
      collect() {
        this.set(app.hasDecorator('listener') && app.listener.connected ? 1 : 0);
      },
    });
    mirroredCounter(registry, 'read_cache_lookups_total', 'Read-cache lookups by result (hit, miss)', ['result'], () =>
      app.hasDecorator('readCache')
        ? [
            [{ result: 'hit' }, app.readCache.stats.hits],
            [{ result: 'miss' }, app.readCache.stats.misses],
          ]
        : [],
    );
    mirroredCounter(registry, 'job_runs_total', 'Background job rounds by job and outcome (ok, failed)', ['job', 'outcome'], () =>
      app.hasDecorator('jobs')
        ? app.jobs.stats().flatMap((job): [Record<string, string>, number][] => [
            [{ job: job.name, outcome: 'ok' }, job.ok],
            [{ job: job.name, outcome: 'failed' }, job.failed],
          ])
        : [],
    );

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!tokenMatches(request, app.config.metricsToken)) return reply.callNotFound();
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
