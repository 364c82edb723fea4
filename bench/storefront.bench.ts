/**
 * The customer's truck page's reads at scale: 1,000 trucks (each approved, open, with a ten-item
 * menu and a delivery zone), the real app serving HTTP on loopback in a worker thread, this thread
 * as 64 keep-alive clients. Measured in alternating rounds beside a trivial JSON endpoint of the same
 * server, steady state (every truck read once before, as on a server that has been running; the
 * first 300 ms of each round not counted):
 *   - the public menu of a random truck (GET /public/trucks/{slug}/menu);
 *   - "open now, and does it deliver here?" (GET /public/trucks/{slug}/availability?lat&lng&subtotal);
 *   - the two together, as the page asks them.
 * Goal: the reads at ≥ 60 % of the trivial endpoint's throughput. Prints figures; asserts nothing.
 *
 *   npm run bench:storefront                  # an embedded PostgreSQL in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench:storefront
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';
import pg from 'pg';
import { runMigrations } from '../src/server/db/migrate';
import { alternatingRounds, benchDatabase, failureText, hit, ms, serve, sqlUuid as id, startServer, type BenchServer, type ServeOptions } from './support/load';

const TRUCKS = Number(process.env.BENCH_TRUCKS ?? 1_000);
const CONNECTIONS = 64;
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2_000);
const ROUNDS = 4;
const GOAL = 0.6;

async function loadData(pool: pg.Pool): Promise<void> {
  const truck = id(`'bench-truck-' || t`);
  const statements = [
    `INSERT INTO users (id, email, password_hash, full_name, roles) VALUES (${id(`'bench-owner'`)}, 'owner@bench.example', 'x', 'Bench Vendor', ARRAY['Vendor'])`,
    `INSERT INTO trucks (id, owner_id, status, slug, name_en, name_ar, currency, time_zone, lat, lng)
       SELECT ${truck}, ${id(`'bench-owner'`)}, 'approved', 'bench-' || t, 'Bench truck ' || t, 'عربة ' || t, 'KWD', 'Asia/Kuwait', 29.37, 47.98 FROM generate_series(1, ${TRUCKS}) t`,
    `INSERT INTO truck_slugs (slug, truck_id) SELECT 'bench-' || t, ${truck} FROM generate_series(1, ${TRUCKS}) t`,
    `INSERT INTO truck_uploads (truck_id, id, purpose, mime, bytes, original_name)
       SELECT ${truck}, ${id(`'bench-doc-' || t || d`)}, 'document', 'application/pdf', 1000, d || '.pdf'
       FROM generate_series(1, ${TRUCKS}) t, unnest(ARRAY['commercial_registration', 'health_permit']) d`,
    `INSERT INTO truck_documents (truck_id, type, number, issuer, issue_date, expiry_date, file_id, review_state)
       SELECT ${truck}, d, 'CR-' || t, 'Ministry', current_date - 100, current_date + 300, ${id(`'bench-doc-' || t || d`)}, 'accepted'
       FROM generate_series(1, ${TRUCKS}) t, unnest(ARRAY['commercial_registration', 'health_permit']) d`,
    `INSERT INTO truck_schedules (truck_id, days, exceptions)
       SELECT id, (SELECT jsonb_object_agg(day, '[{"opens":"00:00","closes":"00:00","deliveryEnabled":true}]'::jsonb)
                   FROM unnest(ARRAY['mon','tue','wed','thu','fri','sat','sun']) day), '{}'::jsonb FROM trucks`,
    `INSERT INTO delivery_zones (truck_id, name, shape, fee_rules, minimum_order, estimated_minutes, active)
       SELECT id, 'City', '{"kind":"circle","center":{"lat":29.37,"lng":47.98},"radiusM":5000}'::jsonb, '[{"when":"all","fee":500}]'::jsonb, 2000, 30, true FROM trucks`,
    `INSERT INTO menu_versions (truck_id, version) SELECT id, 1 FROM trucks`,
    `INSERT INTO menu_categories (truck_id, id, name_en, name_ar, position) SELECT ${truck}, ${id(`'bench-category-' || t`)}, 'Wraps', 'لفائف', 0 FROM generate_series(1, ${TRUCKS}) t`,
    `INSERT INTO menu_items (truck_id, id, category_id, name_en, name_ar, description_en, price_minor, position)
       SELECT ${truck}, ${id(`'bench-item-' || t || '-' || i`)}, ${id(`'bench-category-' || t`)}, 'Item ' || i, 'صنف ' || i, 'A wrap with garlic sauce and pickles.', 1000 + i * 50, i
       FROM generate_series(1, ${TRUCKS}) t, generate_series(1, 10) i`,
  ];
  for (const statement of statements) await pool.query(statement);
  await pool.query('VACUUM (ANALYZE)');
}

async function main(): Promise<void> {
  const db = await benchDatabase('storefront');
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const serverDir = mkdtempSync(path.join(os.tmpdir(), 'td-bench-sf-app-'));
  let server: BenchServer | undefined;
  try {
    await runMigrations(pool);
    await loadData(pool);
    server = await startServer(import.meta.url, { databaseUrl: db.url, dataDir: serverDir });
    const { origin } = server;
    const slug = () => `bench-${1 + Math.floor(Math.random() * TRUCKS)}`;
    const availability = (truck: string) => `/api/v1/public/trucks/${truck}/availability?lat=29.371&lng=47.981&subtotal=3000`;
    const endpoints = {
      trivial: (agent: http.Agent) => hit(agent, origin, '/bench/trivial'),
      menu: (agent: http.Agent) => hit(agent, origin, `/api/v1/public/trucks/${slug()}/menu`),
      availability: (agent: http.Agent) => hit(agent, origin, availability(slug())),
      // The two together, as the page asks them: a pair counts as one answer, 200 when both are.
      'menu + availability': async (agent: http.Agent) => {
        const truck = slug();
        const statuses = await Promise.all([hit(agent, origin, `/api/v1/public/trucks/${truck}/menu`), hit(agent, origin, availability(truck))]);
        return statuses.find((status) => status !== 200) ?? 200;
      },
    };
    // Every truck's menu and availability asked once, as a server that has been running has them in its
    // caches (a menu until it changes, "open now?" until the hours next change it); then a warm-up loop
    // of each endpoint (JIT, pool connections).
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const started = performance.now();
    for (let first = 1; first <= TRUCKS; first += 8) {
      const batch = Array.from({ length: Math.min(8, TRUCKS - first + 1) }, (_, i) => `bench-${first + i}`);
      await Promise.all(batch.flatMap((truck) => [hit(agent, origin, `/api/v1/public/trucks/${truck}/menu`), hit(agent, origin, availability(truck))]));
    }
    agent.destroy();
    const coldMs = performance.now() - started;
    const runs = await alternatingRounds(endpoints, { connections: CONNECTIONS, rounds: ROUNDS, roundMs: ROUND_MS, warmUpMs: 1_000 });
    const base = runs.trivial.perSecond;
    const version = (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version;
    console.log(`Public reads, ${TRUCKS.toLocaleString('en')} trucks, ${CONNECTIONS} connections, PostgreSQL ${version} (${db.kind}), ${ROUNDS} rounds of ${ROUND_MS} ms each:`);
    console.log(`  first read of every truck's menu and availability (caches cold, 8 at a time): ${ms(coldMs / TRUCKS)} per truck`);
    for (const [name, run] of Object.entries(runs)) {
      // "menu + availability" counts a pair of requests as one.
      const requests = name === 'menu + availability' ? run.perSecond * 2 : run.perSecond;
      const ratio = requests / base;
      const verdict = name === 'trivial' ? '' : ` | ${(100 * ratio).toFixed(0)}% of trivial (goal ≥ ${GOAL * 100}%: ${ratio >= GOAL ? 'met' : 'NOT met'})`;
      console.log(`  ${name.padEnd(20)} ${Math.round(requests).toLocaleString('en').padStart(7)} req/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${failureText(run)}${verdict}`);
    }
  } finally {
    await server?.stop();
    await pool.end();
    await db.cleanup();
    rmSync(serverDir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else await serve(workerData as ServeOptions);
