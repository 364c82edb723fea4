/**
 * /home's truck summary at scale: one truck with 100,000 orders over the last year (and their
 * lines), bulk-loaded with generate_series, the real app serving HTTP on loopback in a worker thread
 * and this thread as 64 clients. Measured in one run, in alternating rounds:
 *   - a trivial JSON endpoint of the same server (the baseline);
 *   - the summary as the app serves it (sales from the rollups the database keeps, the answer kept
 *     in the read cache for the minute until the truck or its orders change);
 *   - the same summary computed on every request (what a new minute or a new order costs once);
 *   - the sales figures computed from the orders and their lines through the indexes alone (the
 *     alternative the rollups were chosen over), served by a bench-only route.
 * Also each variant's SQL alone (EXPLAIN ANALYZE). Prints figures, ratios and the target
 * (p99 ≤ 50 ms at 64 connections); asserts nothing.
 *
 *   npm run bench:home                                   # an embedded PostgreSQL in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench:home   # a scratch database there, dropped afterwards
 *   BENCH_HOME_ORDERS=20000 npm run bench:home           # smaller, while developing
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { runMigrations } from '../src/server/db/migrate';
import { hashPassword } from '../src/server/platform/passwords';
import { createHomeService } from '../src/server/features/home/home.service';
import { requireTruck } from '../src/server/platform/truck-access';
import { alternatingRounds, BENCH_PASSWORD, benchDatabase, failureText, hit, ms, serve, signIn, startServer, type BenchServer, type ServeOptions } from './support/load';

const ORDERS = Number(process.env.BENCH_HOME_ORDERS ?? 100_000);
const HISTORY_DAYS = 365;
const CONNECTIONS = 64;
const ROUNDS = 4;
const ROUND_MS = 2_500;
const TRUCK = '6b1f3c2a-0d4e-4f5a-8b6c-7d8e9f0a1b2c';
const TZ = 'Asia/Kuwait';

/** The summary's sales figures from the orders and lines themselves: what the rollups spare. */
const FROM_ORDERS = (truckId: string) => sql`
  WITH clock AS (SELECT (now() AT TIME ZONE ${TZ})::date AS today, now() AT TIME ZONE ${TZ} AS local_now),
  sold AS (SELECT o.* FROM orders o, clock WHERE o.truck_id = ${truckId} AND o.business_date BETWEEN today - 13 AND today AND td_home_is_sale(o.status))
  SELECT
    (SELECT json_agg(h) FROM (SELECT extract(hour FROM created_at AT TIME ZONE ${TZ})::int AS hour, count(*) AS orders, sum(total) AS revenue
                              FROM sold, clock WHERE business_date = today GROUP BY 1) h) AS hourly,
    (SELECT json_agg(d) FROM (SELECT business_date, count(*) AS orders, sum(total) AS revenue FROM sold GROUP BY 1) d) AS daily,
    (SELECT json_build_object('orders', count(*), 'revenue', coalesce(sum(total), 0)) FROM orders o, clock
      WHERE o.truck_id = ${truckId} AND o.business_date = today - 7 AND o.created_at < (local_now - interval '7 days') AT TIME ZONE ${TZ} AND td_home_is_sale(o.status)) AS last_week,
    (SELECT json_agg(t) FROM (SELECT l.item_id, max(l.name_en) AS name, sum(l.qty) AS quantity, sum(l.total) AS revenue
                              FROM sold s JOIN order_lines l ON l.truck_id = s.truck_id AND l.order_id = s.id, clock
                              WHERE s.business_date >= today - 6 GROUP BY l.item_id ORDER BY quantity DESC LIMIT 5) t) AS top_items,
    (SELECT count(*) FROM orders WHERE truck_id = ${truckId} AND tab = 'pending') AS pending`;

/** In the worker: the app with the trivial endpoint (the harness's) and this benchmark's own routes. */
function serveHome(options: ServeOptions): Promise<void> {
  return serve({ ...options, env: { DEMO_SIMULATOR: 'off' } }, (app) => {
    // The alternative, with the same sign-in and truck check as the real route, through the app's pool.
    app.get('/bench/home-from-orders', async (request) => {
      await requireTruck(request, TRUCK, { allow: ['owner'], whileSuspended: true });
      return (await app.database.db.execute(FROM_ORDERS(TRUCK))).rows[0];
    });
    // The summary as the route computes it when the read cache has nothing kept (every new minute, every order).
    const home = createHomeService(app);
    app.get('/bench/home-uncached', async (request) => {
      const { truck, relation } = await requireTruck(request, TRUCK, { allow: ['owner'], whileSuspended: true });
      return home.computeTruckHome(truck, relation, new Date());
    });
  });
}

async function loadData(pool: pg.Pool): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query(`INSERT INTO users (id, email, password_hash, full_name, roles) VALUES ('${TRUCK}', 'owner@bench.example', $1, 'Bench Vendor', ARRAY['Vendor'])`, [passwordHash]);
    await client.query(`INSERT INTO trucks (id, owner_id, status, slug, name_en, name_ar, currency, time_zone) VALUES ('${TRUCK}', '${TRUCK}', 'approved', 'bench-home', 'Bench truck', 'شاحنة', 'KWD', '${TZ}')`);
    await client.query(`INSERT INTO truck_schedules (truck_id, days, exceptions)
      SELECT '${TRUCK}', (SELECT jsonb_object_agg(day, '[{"opens":"00:00","closes":"00:00","deliveryEnabled":true}]'::jsonb) FROM unnest(ARRAY['mon','tue','wed','thu','fri','sat','sun']) day), '{}'::jsonb`);
    // A year of orders, busier lately, spread over the day; a few pending today, the rest history.
    await client.query(`
      INSERT INTO orders (truck_id, id, business_date, number, status, type, source, customer_name, customer_phone, item_count, subtotal,
        delivery_fee, total, currency, payment_method, payment_status, accept_by, created_at, updated_at, version)
      SELECT '${TRUCK}', gen_random_uuid(), day, row_number() OVER (PARTITION BY day ORDER BY i),
             CASE WHEN day = today AND i % 40 = 0 THEN 'pending' WHEN i % 17 = 0 THEN 'cancelled' ELSE 'completed' END,
             'pickup', 'online', 'Customer', '+96555512345', 2, 2500 + (i % 7) * 250, 0, 2500 + (i % 7) * 250, 'KWD', 'card', 'paid',
             created + interval '10 minutes', created, created, 3
      FROM generate_series(0, ${ORDERS - 1}) i,
           LATERAL (SELECT (now() AT TIME ZONE '${TZ}')::date AS today) t,
           LATERAL (SELECT today - (${HISTORY_DAYS} - 1 - floor(sqrt(i::float / ${ORDERS}) * ${HISTORY_DAYS})::int) AS day) d,
           LATERAL (SELECT least(now() - interval '1 minute', ((day::timestamp + interval '11 hours' + (i % 600) * interval '1 minute') AT TIME ZONE '${TZ}')) AS created) c`);
    await client.query(`
      INSERT INTO order_lines (truck_id, order_id, line_no, item_id, name_en, name_ar, unit_price, qty, options, total)
      SELECT o.truck_id, o.id, g, ('00000000-0000-4000-8000-' || lpad(((abs(hashtext(o.id::text || g)) % 30))::text, 12, '0'))::uuid,
             'Item', 'صنف', 1250, 1, '[]'::jsonb, 1250
      FROM orders o, generate_series(0, 1) g WHERE o.truck_id = '${TRUCK}'`);
    await client.query(`INSERT INTO order_day_counters (truck_id, business_date, last_number) SELECT truck_id, business_date, max(number) FROM orders GROUP BY 1, 2`);
    await client.query('VACUUM (ANALYZE)');
    await client.query('CHECKPOINT');
  } finally {
    client.release();
  }
}

async function explainMs(pool: pg.Pool, query: string, params: unknown[] = []): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const { rows } = await pool.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`, params);
    best = Math.min(best, rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }
  return best;
}

async function main(): Promise<void> {
  const db = await benchDatabase('home');
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const serverDir = mkdtempSync(path.join(os.tmpdir(), 'td-home-bench-app-'));
  let server: BenchServer | undefined;
  try {
    await runMigrations(pool);
    const version = (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version;
    const loading = performance.now();
    await loadData(pool);
    const loadMs = performance.now() - loading;
    const rollupRows = (await pool.query<{ n: number }>(`SELECT (SELECT count(*) FROM order_sales_hourly) + (SELECT count(*) FROM order_item_sales_daily) AS n`)).rows[0]!.n;

    server = await startServer(import.meta.url, { databaseUrl: db.url, dataDir: serverDir });
    const { origin } = server;
    const authorization = await signIn(origin, 'owner@bench.example');
    const check = await fetch(`${origin}/api/v1/trucks/${TRUCK}/home`, { headers: { authorization } });
    const summary = (await check.json()) as { todayFigures: { orders: number }; daily: { orders: number }[] };
    if (check.status !== 200) throw new Error(`summary answered ${check.status}`);

    const endpoints = {
      trivial: (agent: http.Agent) => hit(agent, origin, '/bench/trivial'),
      rollup: (agent: http.Agent) => hit(agent, origin, `/api/v1/trucks/${TRUCK}/home`, { authorization }),
      uncached: (agent: http.Agent) => hit(agent, origin, '/bench/home-uncached', { authorization }),
      orders: (agent: http.Agent) => hit(agent, origin, '/bench/home-from-orders', { authorization }),
    };
    const { trivial: base, rollup, uncached, orders: fromOrders } = await alternatingRounds(endpoints, { connections: CONNECTIONS, rounds: ROUNDS, roundMs: ROUND_MS, warmUpMs: 1_000 });

    const rollupQueryMs = await explainMs(pool, `SELECT * FROM order_sales_hourly WHERE truck_id = $1 AND business_date >= (now() AT TIME ZONE '${TZ}')::date - 13`, [TRUCK]);
    const itemsQueryMs = await explainMs(pool, `SELECT item_id, sum(quantity) FROM order_item_sales_daily WHERE truck_id = $1 AND business_date >= (now() AT TIME ZONE '${TZ}')::date - 6 GROUP BY item_id ORDER BY 2 DESC LIMIT 5`, [TRUCK]);
    const built = new PgDialect().sqlToQuery(FROM_ORDERS(TRUCK));
    const ordersQueryMs = await explainMs(pool, built.sql, built.params);

    console.log(`home.bench: ${ORDERS.toLocaleString('en')} orders (${(ORDERS * 2).toLocaleString('en')} lines) of one truck over ${HISTORY_DAYS} days; PostgreSQL ${version} (${db.kind}), Node ${process.version}, ${os.cpus().length} CPUs; load ${(loadMs / 1000).toFixed(1)} s; ${rollupRows} rollup rows`);
    console.log(`  today ${summary.todayFigures.orders} orders, last 14 days ${summary.daily.reduce((sum, day) => sum + day.orders, 0)} orders`);
    console.log(`  SQL alone: rollups ${ms(rollupQueryMs)} (14 days of hours) + ${ms(itemsQueryMs)} (top items); from the orders through indexes ${ms(ordersQueryMs)}`);
    console.log(`  trivial JSON endpoint                  ${CONNECTIONS} conn: ${Math.round(base.perSecond)} req/s, p50 ${ms(base.p50)}, p99 ${ms(base.p99)}`);
    for (const [label, run] of [
      ['summary as served (rollups, read cache)', rollup],
      ['summary computed each time (rollups)  ', uncached],
      ['sales SQL from the orders (indexes)   ', fromOrders],
    ] as const) {
      console.log(
        `  ${label} ${CONNECTIONS} conn: ${Math.round(run.perSecond)} req/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${failureText(run)}` +
          ` | ${(100 * (run.perSecond / base.perSecond)).toFixed(0)}% of trivial's throughput, p99 ${(run.p99 / base.p99).toFixed(1)}× trivial's; target p99 ≤ 50 ms: ${run.p99 <= 50 ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    await server?.stop();
    await pool.end();
    await db.cleanup();
    rmSync(serverDir, { recursive: true, force: true });
  }
}

if (isMainThread) {
  await main();
} else {
  await serveHome(workerData as ServeOptions);
}
