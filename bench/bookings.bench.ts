/**
 * Bookings at scale: 100,000 bookings over 1,000 trucks in PostgreSQL (bulk-loaded with
 * generate_series, not through the API), the real app serving HTTP on loopback in a worker thread,
 * and this thread as the clients. Measured in one run, each beside a trivial JSON endpoint of the
 * same server, in alternating rounds whose first 300 ms are not counted (as the orders benchmark):
 *   - listing a truck's pending bookings and reading its tab counts (64 connections): throughput,
 *     p50, p99, and their ratio to the trivial endpoint;
 *   - confirming quoted bookings (the overlap check and the exclusion constraint, a history row and a
 *     live event in one transaction): confirmations per second, p50, p99.
 * Prints figures and the issue's targets; asserts nothing.
 *
 *   npm run bench:bookings                       # an embedded PostgreSQL in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench:bookings   # a scratch database there, dropped afterwards
 *   BENCH_TRUCKS=100 npm run bench:bookings      # a smaller load while developing
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';
import pg from 'pg';
import { runMigrations } from '../src/server/db/migrate';
import { hashPassword } from '../src/server/platform/passwords';
import {
  alternatingRounds, BENCH_PASSWORD, benchDatabase, closedLoop, count, failureText, hit, mark, ms, pick, send, serve, signIn, sqlUuid as id, startServer,
  type BenchServer, type ServeOptions,
} from './support/load';

const TRUCKS = Number(process.env.BENCH_TRUCKS ?? 1_000);
const BOOKINGS_PER_TRUCK = 100;
/** Of each truck's bookings: 10 pending, 10 quoted (to confirm), 30 confirmed, the rest history. */
const QUOTED_PER_TRUCK = 10;
const LIST_CONNECTIONS = 64;
const CONFIRM_CONNECTIONS = 32;
const RUN_MS = 8_000;
const ROUNDS = 4;
const WARM_UP_MS = 1_000;
// ---- Data -----------------------------------------------------------------------------------------

async function loadData(pool: pg.Pool): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const truck = (t: string) => id(`'bench-truck-' || ${t}`);
  const statements = [
    `INSERT INTO users (id, email, password_hash, full_name, roles) VALUES (${id(`'bench-owner'`)}, 'owner@bench.example', '${passwordHash}', 'Bench Vendor', ARRAY['Vendor'])`,
    `INSERT INTO trucks (id, owner_id, status, slug, name_en, name_ar, currency, time_zone, lat, lng)
       SELECT ${truck('t')}, ${id(`'bench-owner'`)}, 'approved', 'bench-' || t, 'Bench truck ' || t, 'شاحنة ' || t, 'KWD', 'Asia/Kuwait', 29.37, 47.98
       FROM generate_series(1, ${TRUCKS}) t`,
    `INSERT INTO truck_slugs (slug, truck_id) SELECT 'bench-' || t, ${truck('t')} FROM generate_series(1, ${TRUCKS}) t`,
    // One event a day per truck from tomorrow on (18:00–22:00 Kuwait, an hour of setup): no two overlap.
    `INSERT INTO bookings (truck_id, id, number, status, customer_name, customer_phone, customer_email, language, event_type,
        service_model, event_date, start_time, end_time, setup_minutes, time_zone, window_start, window_end, address,
        guest_count, menu_notes, budget, currency, quote_amount, quote_deposit, quote_message, quote_valid_until,
        deposit_received, expires_at, created_at, updated_at, version)
       SELECT ${truck('t')}, gen_random_uuid(), i + 1, s.status, 'Customer ' || i, '+9655' || lpad((t * 1000 + i)::text, 7, '0'),
              'c' || i || '@bench.example', 'en', 'Wedding', 'catering', day, '18:00', '22:00', 60, 'Asia/Kuwait',
              (day + time '17:00') AT TIME ZONE 'Asia/Kuwait', (day + time '22:00') AT TIME ZONE 'Asia/Kuwait', 'Hall ' || i,
              150, '', 500000, 'KWD',
              CASE WHEN s.status = 'pending' THEN NULL ELSE 400000 END, CASE WHEN s.status = 'pending' THEN NULL ELSE 100000 END,
              CASE WHEN s.status = 'pending' THEN NULL ELSE '' END,
              CASE WHEN s.status = 'pending' THEN NULL ELSE now() + interval '30 days' END, false,
              CASE WHEN s.status = 'pending' THEN now() + interval '7 days' WHEN s.status = 'quoted' THEN now() + interval '30 days' END,
              now() - (${BOOKINGS_PER_TRUCK} - i) * interval '1 hour', now() - (${BOOKINGS_PER_TRUCK} - i) * interval '1 hour',
              CASE WHEN s.status = 'pending' THEN 0 WHEN s.status = 'quoted' THEN 1 ELSE 2 END
       FROM generate_series(1, ${TRUCKS}) t, generate_series(0, ${BOOKINGS_PER_TRUCK - 1}) i,
            LATERAL (SELECT (now() AT TIME ZONE 'Asia/Kuwait')::date + 1 + i AS day) d,
            LATERAL (SELECT CASE WHEN i < 10 THEN 'pending' WHEN i < ${10 + QUOTED_PER_TRUCK} THEN 'quoted' WHEN i < 50 THEN 'confirmed'
                                 WHEN i < 80 THEN 'completed' WHEN i % 3 = 0 THEN 'declined' WHEN i % 3 = 1 THEN 'expired' ELSE 'cancelled' END AS status) s`,
    `INSERT INTO booking_history (truck_id, booking_id, version, status, action, at)
       SELECT truck_id, id, 0, 'pending', 'request', created_at FROM bookings`,
    `INSERT INTO booking_counters (truck_id, last_number) SELECT truck_id, max(number) FROM bookings GROUP BY truck_id`,
  ];
  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const statement of statements) await client.query(statement);
    await client.query('VACUUM (ANALYZE)');
    await client.query('CHECKPOINT');
  } finally {
    client.release();
  }
}

// ---- The run ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const db = await benchDatabase('bookings');
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const serverDir = mkdtempSync(path.join(os.tmpdir(), 'td-bench-bookings-app-'));
  let server: BenchServer | undefined;
  try {
    await runMigrations(pool);
    const version = (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version;
    const loadStarted = performance.now();
    await loadData(pool);
    const loadMs = performance.now() - loadStarted;
    console.log(`bookings.bench: loaded in ${(loadMs / 1000).toFixed(1)} s; measuring…`);
    const truckIds = (await pool.query<{ id: string }>('SELECT id FROM trucks')).rows.map((row) => row.id);
    const quoted = (await pool.query<{ truck_id: string; id: string; version: number }>(`SELECT truck_id, id, version FROM bookings WHERE status = 'quoted' ORDER BY random()`)).rows;

    server = await startServer(import.meta.url, { databaseUrl: db.url, dataDir: serverDir });
    const { origin } = server;
    const authorization = await signIn(origin, 'owner@bench.example');

    const hitTrivial = (agent: http.Agent) => hit(agent, origin, '/bench/trivial');
    const hitList = (agent: http.Agent) => hit(agent, origin, `/api/v1/trucks/${pick(truckIds)}/bookings?tab=pending`, { authorization });
    const hitCounts = (agent: http.Agent) => hit(agent, origin, `/api/v1/trucks/${pick(truckIds)}/bookings/counts`, { authorization });
    // Each quoted booking is confirmed once; when they run out the clients stop.
    let next = 0;
    const confirm = async (agent: http.Agent) => {
      const booking = quoted[next++];
      if (!booking) return null;
      const answer = await send(agent, origin, 'POST', `/api/v1/trucks/${booking.truck_id}/bookings/${booking.id}/actions`, { authorization }, { action: 'confirm', version: booking.version });
      return answer.status;
    };

    const { trivial: base, list, counts } = await alternatingRounds(
      { trivial: hitTrivial, list: hitList, counts: hitCounts },
      { connections: LIST_CONNECTIONS, rounds: ROUNDS, roundMs: RUN_MS / ROUNDS, warmUpMs: WARM_UP_MS },
    );
    const confirmed = await closedLoop(CONFIRM_CONNECTIONS, RUN_MS, 200, confirm);
    const left = Math.max(0, quoted.length - next);

    console.log(`bookings.bench: ${count(TRUCKS * BOOKINGS_PER_TRUCK)} bookings over ${count(TRUCKS)} trucks; PostgreSQL ${version} (${db.kind}), Node ${process.version}, ${os.cpus().length} CPUs; bulk load ${(loadMs / 1000).toFixed(1)} s`);
    console.log(`  trivial JSON endpoint    ${LIST_CONNECTIONS} conn: ${count(base.perSecond)} req/s, p50 ${ms(base.p50)}, p99 ${ms(base.p99)}`);
    for (const [name, run] of [['list pending bookings', list], ['tab counts           ', counts]] as const) {
      const ratio = run.perSecond / base.perSecond;
      console.log(
        `  ${name}    ${LIST_CONNECTIONS} conn: ${count(run.perSecond)} req/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${failureText(run)}` +
          ` | ${(100 * ratio).toFixed(0)}% of trivial (target ≥ 40%: ${mark(ratio >= 0.4)}); p99 target ≤ 25 ms: ${mark(run.p99 <= 25)}`,
      );
    }
    console.log(
      `  confirm quoted bookings  ${CONFIRM_CONNECTIONS} conn: ${count(confirmed.perSecond)} confirmations/s, p50 ${ms(confirmed.p50)}, p99 ${ms(confirmed.p99)}, ` +
        `${count(confirmed.requests)} confirmed${left === 0 ? ' (every quoted booking)' : ''}, ${failureText(confirmed)} | p99 ${(confirmed.p99 / base.p99).toFixed(1)}× the trivial endpoint's`,
    );
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
  await serve(workerData as ServeOptions);
}
