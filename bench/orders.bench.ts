/**
 * Orders at scale: 1,000,000 orders over 1,000 trucks in PostgreSQL (bulk-loaded with
 * generate_series, not through the API), the real app serving HTTP on loopback in a worker thread,
 * and this thread as the clients. Measured in one run, each beside a trivial JSON endpoint of the
 * same server:
 *   - listing a truck's pending orders (64 connections): throughput, p50, p99; beside it a signed-in
 *     truck route without the orders query, to tell the list's own cost from the guards every route pays;
 *   - placing orders (priced, checked and written like any intake; 64 connections): orders per second,
 *     against the trivial endpoint measured in rounds alternating with the creates', and where the
 *     machine's CPU went per order and per trivial request (clients, server, PostgreSQL; decision 016);
 *   - the same at one truck with 100 orders and at one with 100,000 (with their lines and history),
 *     each round right after a checkpoint, and the ratio of the two: an intake whose cost grows with
 *     its truck's history shows it here (issue 43);
 *   - live events: delivery latency (commit → event read by the client) to 1,000 connected
 *     dashboards, one per truck, through LISTEN/NOTIFY;
 *   - every core: the same pending list against src/server/main.ts run as its own process with
 *     WORKERS=1 and with WORKERS=2 (node:cluster), and the ratio of the two (support/workers.ts).
 * The HTTP figures are steady state: each endpoint is measured in four rounds, alternating with the
 * others so a busy moment of the machine weighs on all alike, and the first 300 ms of every round
 * (new connections, the server switching endpoints) are not counted, for the baseline neither.
 * Prints figures and the issue's targets; asserts nothing.
 *
 *   npx tsx --tsconfig tsconfig.node.json bench/orders.bench.ts      # an embedded PostgreSQL in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npx tsx --tsconfig tsconfig.node.json bench/orders.bench.ts
 *       # a scratch database on that server, dropped afterwards
 * (or `TSX_TSCONFIG_PATH=tsconfig.node.json node --import tsx bench/orders.bench.ts`: the server's
 * path aliases live in tsconfig.node.json.)
 *   BENCH_TRUCKS=100 BENCH_ORDERS_PER_TRUCK=100 npm run bench:orders   # a smaller load while developing
 *   BENCH_DB_POOL_MAX=4 npm run bench:orders   # the server's database pool (16 by default)
 *   BENCH_BIG_TRUCK_ORDERS=20000 npm run bench:orders   # the long history's length (100,000 by default)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { runMigrations } from '../src/server/db/migrate';
import { publishTruckEvent } from '../src/server/platform/events.publish';
import { hashPassword } from '../src/server/platform/passwords';
import { openEventStream, type EventStream } from '../src/testing/sse';
import { compareWorkers } from './support/workers';
import {
  BENCH_PASSWORD as PASSWORD, benchDatabase, closedLoop, combined, count, cpuText, failureText, hit, mark, ms, percentile, pick, send, serve, startServer,
  type BenchServer, type Run, type ServeOptions,
} from './support/load';

const TRUCKS = Number(process.env.BENCH_TRUCKS ?? 1_000);
const ORDERS_PER_TRUCK = Number(process.env.BENCH_ORDERS_PER_TRUCK ?? 1_000);
/** Two more trucks, past the others: one with a short history and one with a long one. */
const SMALL_TRUCK_ORDERS = 100;
const BIG_TRUCK_ORDERS = Number(process.env.BENCH_BIG_TRUCK_ORDERS ?? 100_000);
const SMALL_TRUCK = TRUCKS + 1;
const BIG_TRUCK = TRUCKS + 2;
const ALL_TRUCKS = TRUCKS + 2;
/** The server's pool of database connections (the harness's default: 16). */
const POOL_MAX = process.env.BENCH_DB_POOL_MAX;
const LIST_CONNECTIONS = 64;
/**
 * The creates run on as many connections as the trivial endpoint they are compared with. On 32 (until
 * session 16) the machine sat a fifth idle while every request waited for a commit's flush: that
 * measured the intake's latency, not what it can take (decision 016). BENCH_CREATE_CONNECTIONS=32 for that figure.
 */
const CREATE_CONNECTIONS = Number(process.env.BENCH_CREATE_CONNECTIONS ?? LIST_CONNECTIONS);
const RUN_MS = 8_000;
const ROUNDS = 4;
const WARM_UP_MS = 1_000;
const DASHBOARDS = TRUCKS;
const PUBLISHERS = 8;
const PUBLISH_PAUSE_MS = 10;
// ---- Data -----------------------------------------------------------------------------------------

async function loadData(pool: pg.Pool): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  // md5 of a name, shaped as a version-4 UUID (the API's contracts check the version and variant).
  const id = (name: string) => `overlay(overlay(md5(${name}) placing '4' from 13) placing '8' from 17)::uuid`;
  const truck = (t: string) => id(`'bench-truck-' || ${t}`);
  const statements = [
    `INSERT INTO users (id, email, password_hash, full_name, roles) VALUES (${id(`'bench-owner'`)}, 'owner@bench.example', '${passwordHash}', 'Bench Vendor', ARRAY['Vendor'])`,
    `INSERT INTO trucks (id, owner_id, status, slug, name_en, name_ar, currency, time_zone, lat, lng)
       SELECT ${truck('t')}, ${id(`'bench-owner'`)}, 'approved', 'bench-' || t, 'Bench truck ' || t, 'شاحنة ' || t, 'KWD', 'Asia/Kuwait', 29.37, 47.98
       FROM generate_series(1, ${ALL_TRUCKS}) t`,
    `INSERT INTO truck_slugs (slug, truck_id) SELECT 'bench-' || t, ${truck('t')} FROM generate_series(1, ${ALL_TRUCKS}) t`,
    `INSERT INTO truck_uploads (truck_id, id, purpose, mime, bytes, original_name)
       SELECT ${truck('t')}, ${id(`'bench-doc-' || t || d`)}, 'document', 'application/pdf', 1000, d || '.pdf'
       FROM generate_series(1, ${ALL_TRUCKS}) t, unnest(ARRAY['commercial_registration', 'health_permit']) d`,
    `INSERT INTO truck_documents (truck_id, type, number, issuer, issue_date, expiry_date, file_id, review_state)
       SELECT ${truck('t')}, d, 'CR-' || t, 'Ministry', current_date - 100, current_date + 300, ${id(`'bench-doc-' || t || d`)}, 'accepted'
       FROM generate_series(1, ${ALL_TRUCKS}) t, unnest(ARRAY['commercial_registration', 'health_permit']) d`,
    // Open around the clock: a 24-hour shift every day.
    `INSERT INTO truck_schedules (truck_id, days, exceptions)
       SELECT id, (SELECT jsonb_object_agg(day, '[{"opens":"00:00","closes":"00:00","deliveryEnabled":true}]'::jsonb)
                   FROM unnest(ARRAY['mon','tue','wed','thu','fri','sat','sun']) day), '{}'::jsonb
       FROM trucks`,
    `INSERT INTO menu_versions (truck_id, version) SELECT id, 1 FROM trucks`,
    `INSERT INTO menu_categories (truck_id, id, name_en, name_ar, position) SELECT ${truck('t')}, ${id(`'bench-category-' || t`)}, 'Wraps', 'لفائف', 0 FROM generate_series(1, ${ALL_TRUCKS}) t`,
    `INSERT INTO menu_items (truck_id, id, category_id, name_en, name_ar, price_minor, position)
       SELECT ${truck('t')}, ${id(`'bench-item-' || t`)}, ${id(`'bench-category-' || t`)}, 'Chicken shawarma', 'شاورما دجاج', 1250, 0 FROM generate_series(1, ${ALL_TRUCKS}) t`,
    // 1,000 orders a truck over 60 days, 17 a day: today's first ten pending, a few in progress and
    // ready, the rest history. Pending ones answer within a day, so the expiry job leaves them be.
    `INSERT INTO orders (truck_id, id, business_date, number, status, type, source, customer_name, customer_phone,
        item_count, subtotal, delivery_fee, total, currency, payment_method, payment_status, estimated_ready_at,
        accept_by, acknowledged_at, created_at, updated_at, version)
       SELECT ${truck('t')}, gen_random_uuid(), today - (i / 17), i % 17 + 1,
              CASE WHEN i < 10 THEN 'pending' WHEN i < 14 THEN 'preparing' WHEN i < 17 THEN 'ready' WHEN i % 23 = 0 THEN 'cancelled' ELSE 'completed' END,
              CASE WHEN i % 3 = 0 THEN 'delivery' ELSE 'pickup' END, 'online', 'Customer ' || i, '+9655' || lpad((t * 1000 + i)::text, 7, '0'),
              2, 2500, 0, 2500, 'KWD', 'card', CASE WHEN i >= 17 THEN 'paid' ELSE 'unpaid' END, created + interval '15 minutes',
              CASE WHEN i < 10 THEN now() + interval '1 day' ELSE created + interval '10 minutes' END, created, created, created,
              CASE WHEN i < 10 THEN 0 ELSE 3 END
       FROM generate_series(1, ${ALL_TRUCKS}) t,
            generate_series(0, CASE t WHEN ${SMALL_TRUCK} THEN ${SMALL_TRUCK_ORDERS - 1} WHEN ${BIG_TRUCK} THEN ${BIG_TRUCK_ORDERS - 1} ELSE ${ORDERS_PER_TRUCK - 1} END) i,
            LATERAL (SELECT (now() AT TIME ZONE 'Asia/Kuwait')::date AS today) d,
            LATERAL (SELECT date_trunc('milliseconds', CASE WHEN i < 17 THEN now() - (17 - i) * interval '1 minute'
                     ELSE ((today - (i / 17))::timestamp + interval '10 hours' + (i % 17) * interval '40 minutes') AT TIME ZONE 'Asia/Kuwait' END) AS created) c`,
    `INSERT INTO order_day_counters (truck_id, business_date, last_number)
       SELECT truck_id, business_date, max(number) FROM orders GROUP BY truck_id, business_date`,
    // The two trucks' orders with what every placed order has: a line and its history (the others
    // leave them out to load a million orders quickly), so their keys' ranges are as long as the history.
    `INSERT INTO order_lines (truck_id, order_id, line_no, item_id, name_en, name_ar, unit_price, qty, options, total)
       SELECT o.truck_id, o.id, 0, i.id, i.name_en, i.name_ar, i.price_minor, 2, '[]', 2500
       FROM orders o JOIN menu_items i ON i.truck_id = o.truck_id WHERE o.truck_id IN (${truck(`${SMALL_TRUCK}`)}, ${truck(`${BIG_TRUCK}`)})`,
    `INSERT INTO order_history (truck_id, order_id, version, status, action, at)
       SELECT truck_id, id, 0, 'pending', 'place', created_at FROM orders WHERE truck_id IN (${truck(`${SMALL_TRUCK}`)}, ${truck(`${BIG_TRUCK}`)})`,
  ];
  // Indexes are built once after the rows are in, much faster than kept up row by row.
  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'orders' AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    for (const statement of statements) await client.query(statement);
    for (const index of indexes) await client.query(index.definition);
    // Leave autovacuum nothing to do while measuring; the visibility map also lets counts skip the heap.
    await client.query('VACUUM (ANALYZE)');
    // Write the load's dirty pages out now, not while the figures are taken.
    await client.query('CHECKPOINT');
  } finally {
    client.release();
  }
}

/** How PostgreSQL runs the pending list (the SQL orders.service.ts sends), and how long it takes. */
async function explainPendingList(pool: pg.Pool, truckId: string): Promise<string> {
  type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
  const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) SELECT * FROM orders WHERE truck_id = $1 AND tab = 'pending' ORDER BY created_at, id LIMIT 31`,
    [truckId],
  );
  const [{ Plan: plan, 'Execution Time': executionMs }] = rows[0]!['QUERY PLAN'];
  const nodes: string[] = [];
  for (let node: PlanNode | undefined = plan; node; node = node.Plans?.[0]) nodes.push(node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type']);
  return `${nodes.join(' → ')}, ${executionMs.toFixed(3)} ms`;
}

// ---- The run ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const db = await benchDatabase('orders');
  const pool = new pg.Pool({ connectionString: db.url, max: PUBLISHERS + 2 });
  const serverDir = mkdtempSync(path.join(os.tmpdir(), 'td-bench-app-'));
  let server: BenchServer | undefined;
  const streamOf = new Map<string, EventStream>();
  try {
    await runMigrations(pool);
    const version = (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version;
    const loadStarted = performance.now();
    await loadData(pool);
    const loadMs = performance.now() - loadStarted;
    console.log(`orders.bench: loaded in ${(loadMs / 1000).toFixed(1)} s; measuring…`);
    const allTrucks = (await pool.query<{ id: string; slug: string; item: string }>('SELECT t.id, t.slug, i.id AS item FROM trucks t JOIN menu_items i ON i.truck_id = t.id')).rows;
    const bySlug = (t: number) => allTrucks.find((row) => row.slug === `bench-${t}`)!;
    const [smallTruck, bigTruck] = [bySlug(SMALL_TRUCK), bySlug(BIG_TRUCK)];
    // Every figure but the two trucks' own is taken over the evenly loaded trucks.
    const trucks = allTrucks.filter((row) => row !== smallTruck && row !== bigTruck);
    const truckIds = trucks.map((row) => row.id);
    const listPlan = await explainPendingList(pool, truckIds[0]!);

    // The intake's per-address limit: the clients below stand for customers behind one proxy hop.
    server = await startServer(import.meta.url, { databaseUrl: db.url, dataDir: serverDir, env: { TRUST_PROXY_HOPS: '1', ...(POOL_MAX ? { DB_POOL_MAX: POOL_MAX } : {}) } });
    const { origin } = server;

    const setup = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const signIn = await send(setup, origin, 'POST', '/api/v1/auth/sign-in', {}, { email: 'owner@bench.example', password: PASSWORD });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.body}`);
    const authorization = `Bearer ${(JSON.parse(signIn.body) as { token: string }).token}`;

    const hitTrivial = (agent: http.Agent) => hit(agent, origin, '/bench/trivial');
    const hitList = (agent: http.Agent) => hit(agent, origin, `/api/v1/trucks/${pick(truckIds)}/orders?tab=pending`, { authorization });
    // The same guards as the list (the session check, the truck's access) and no orders query: what any truck route pays.
    const hitGuarded = (agent: http.Agent) => hit(agent, origin, `/api/v1/trucks/${pick(truckIds)}/orders/desk`, { authorization });
    // Orders are placed through the staff's phone-order endpoint: the same pricing, checks, idempotency
    // and transaction as the public intake, without its per-address limit (all clients here are one address).
    const placeOrderAt = async (agent: http.Agent, { id, item }: (typeof trucks)[number]) => {
      const answer = await send(agent, origin, 'POST', `/api/v1/trucks/${id}/orders`, { authorization, 'idempotency-key': randomBytes(12).toString('hex') }, {
        lines: [{ itemId: item, qty: 2 }],
        customer: { name: 'Bench Customer', phone: '+96555512345' },
        type: 'pickup',
        paymentMethod: 'cash',
      });
      return answer.status;
    };
    const createOrder = (agent: http.Agent) => placeOrderAt(agent, pick(plainTrucks));
    // Issue 44: the same order at trucks charging VAT (15 %, inclusive, fee taxed) with a 10 % tip,
    // beside the plain ones in the same run. (A discount spec comes with promotion codes: the intake
    // takes it through priceOrder's `promotion`, not from the request yet.)
    const taxedTrucks = trucks.filter((_, index) => index % 2 === 1);
    const plainTrucks = trucks.filter((_, index) => index % 2 === 0);
    await pool.query(
      `UPDATE trucks SET tax_mode = 'rate', tax_rate_bp = 1500, prices_include_tax = true, delivery_fee_taxed = true, tips_enabled = true WHERE id = ANY($1::uuid[])`,
      [taxedTrucks.map((row) => row.id)],
    );
    const createMoneyOrder = async (agent: http.Agent) => {
      const { id, item } = pick(taxedTrucks);
      const answer = await send(agent, origin, 'POST', `/api/v1/trucks/${id}/orders`, { authorization, 'idempotency-key': randomBytes(12).toString('hex') }, {
        lines: [{ itemId: item, qty: 2 }],
        customer: { name: 'Bench Customer', phone: '+96555512345' },
        type: 'pickup',
        paymentMethod: 'cash',
        tip: { kind: 'percent', basisPoints: 1000 },
      });
      return answer.status;
    };

    // Warm both paths (JIT, caches, pool connections), then measure them in alternating rounds, so a
    // busy moment of the machine weighs on both alike.
    await closedLoop(LIST_CONNECTIONS, WARM_UP_MS, 200, hitTrivial);
    await closedLoop(LIST_CONNECTIONS, WARM_UP_MS, 200, hitList);
    const trivialRuns: Run[] = [];
    const guardedRuns: Run[] = [];
    const listRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      trivialRuns.push(await closedLoop(LIST_CONNECTIONS, RUN_MS / ROUNDS, 200, hitTrivial));
      guardedRuns.push(await closedLoop(LIST_CONNECTIONS, RUN_MS / ROUNDS, 200, hitGuarded));
      listRuns.push(await closedLoop(LIST_CONNECTIONS, RUN_MS / ROUNDS, 200, hitList));
    }
    const base = combined(trivialRuns);
    const guarded = combined(guardedRuns);
    const list = combined(listRuns);
    // Warm the intake as the lists were warmed: its code, and what each truck's orders are priced
    // from (menu, hours, zones, documents), kept in memory from the truck's first order on. Measured
    // cold, the first order of each of 1,000 trucks read them from the database during the count.
    const warmUp = new http.Agent({ keepAlive: true, maxSockets: CREATE_CONNECTIONS });
    let nextTruck = 0;
    await Promise.all(
      Array.from({ length: CREATE_CONNECTIONS }, async () => {
        while (nextTruck < trucks.length) {
          const status = await placeOrderAt(warmUp, trucks[nextTruck++]!);
          if (status !== 201) throw new Error(`warming the intake: an order answered ${status}`);
        }
      }),
    );
    warmUp.destroy();
    // The creates in rounds too, each beside a round of the trivial endpoint they are compared with: the
    // machine's speed moves from minute to minute by more than the margins looked for (decision 016).
    const createRuns: Run[] = [];
    const moneyRuns: Run[] = [];
    const trivialBesideCreates: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      trivialBesideCreates.push(await closedLoop(LIST_CONNECTIONS, RUN_MS / ROUNDS, 200, hitTrivial));
      // Which goes first alternates, so a busy moment weighs on both alike.
      if (round % 2 === 0) {
        createRuns.push(await closedLoop(CREATE_CONNECTIONS, RUN_MS / ROUNDS, 201, createOrder));
        moneyRuns.push(await closedLoop(CREATE_CONNECTIONS, RUN_MS / ROUNDS, 201, createMoneyOrder));
      } else {
        moneyRuns.push(await closedLoop(CREATE_CONNECTIONS, RUN_MS / ROUNDS, 201, createMoneyOrder));
        createRuns.push(await closedLoop(CREATE_CONNECTIONS, RUN_MS / ROUNDS, 201, createOrder));
      }
    }
    const created = combined(createRuns);
    const createdWithMoney = combined(moneyRuns);
    const createBase = combined(trivialBesideCreates);

    // One truck's creates, at the short history and at the long one, in alternating rounds (which goes
    // first alternates too), each beside a round of the trivial endpoint. Each round starts right after
    // a checkpoint, as any moment of a busy day does every few minutes: a page an order changes for
    // the first time since then goes whole into the WAL, so an intake that spreads its writes over
    // its truck's history pays for it here, as it would in production.
    for (const truck of [smallTruck, bigTruck]) {
      const status = await placeOrderAt(setup, truck);
      if (status !== 201) throw new Error(`warming the intake: an order answered ${status}`);
    }
    const atTruck: Record<'small' | 'big', Run[]> = { small: [], big: [] };
    const trivialBesideTrucks: Record<'small' | 'big', Run[]> = { small: [], big: [] };
    // The WAL the creates wrote and the whole pages in it, over every order the rounds placed (their
    // uncounted first moments' too): the cluster's WAL, exact on the embedded server, everyone's on a shared one.
    const walOf = { small: { bytes: 0, pages: 0, orders: 0 }, big: { bytes: 0, pages: 0, orders: 0 } };
    const readWal = async (truckId: string) => {
      const { rows } = await pool.query<{ bytes: string; pages: string; orders: number }>(
        'SELECT wal_bytes AS bytes, wal_fpi AS pages, (SELECT count(*)::int FROM orders WHERE truck_id = $1) AS orders FROM pg_stat_wal',
        [truckId],
      );
      return { bytes: Number(rows[0]!.bytes), pages: Number(rows[0]!.pages), orders: rows[0]!.orders };
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const size of round % 2 === 0 ? (['small', 'big'] as const) : (['big', 'small'] as const)) {
        const truck = size === 'small' ? smallTruck : bigTruck;
        trivialBesideTrucks[size].push(await closedLoop(LIST_CONNECTIONS, RUN_MS / ROUNDS, 200, hitTrivial));
        await pool.query('CHECKPOINT');
        const walBefore = await readWal(truck.id);
        atTruck[size].push(await closedLoop(CREATE_CONNECTIONS, RUN_MS / ROUNDS, 201, (agent) => placeOrderAt(agent, truck)));
        const walAfter = await readWal(truck.id);
        for (const key of ['bytes', 'pages', 'orders'] as const) walOf[size][key] += walAfter[key] - walBefore[key];
      }
    }
    const [small, big] = [combined(atTruck.small), combined(atTruck.big)];
    const [smallBase, bigBase] = [combined(trivialBesideTrucks.small), combined(trivialBesideTrucks.big)];

    // 1,000 dashboards, one per truck, each on its own ticket and connection.
    for (let i = 0; i < DASHBOARDS; i += 50) {
      const batch = truckIds.slice(i, i + 50);
      const opened = await Promise.all(
        batch.map(async (truckId) => {
          const ticket = await send(setup, origin, 'POST', `/api/v1/trucks/${truckId}/events/ticket`, { authorization });
          const stream = await openEventStream(`${origin}/api/v1/trucks/${truckId}/events?ticket=${(JSON.parse(ticket.body) as { ticket: string }).ticket}`);
          await stream.next('ready', 30_000);
          return { truckId, stream };
        }),
      );
      opened.forEach(({ truckId, stream }) => streamOf.set(truckId, stream));
    }
    const publisher = drizzle(pool);
    const sent = new Map<string, number>();
    const delivered: number[] = [];
    const publishUntil = performance.now() + RUN_MS;
    await Promise.all(
      Array.from({ length: PUBLISHERS }, async () => {
        while (performance.now() < publishUntil) {
          const truckId = pick(truckIds);
          let committing = 0;
          const id = await publisher.transaction(async (tx) => {
            const eventId = await publishTruckEvent(tx, truckId, 'bench.ping', { truckId });
            committing = performance.now();
            return eventId;
          });
          sent.set(`${truckId}:${id}`, committing);
          await new Promise((resolve) => setTimeout(resolve, PUBLISH_PAUSE_MS));
        }
      }),
    );
    // Collect every event's arrival (bounded: each stream waits at most 5 s for its last).
    await Promise.all(
      [...streamOf].map(async ([truckId, stream]) => {
        const expected = [...sent.keys()].filter((key) => key.startsWith(`${truckId}:`)).length;
        for (let received = 0; received < expected; received++) {
          const event = await stream.next('bench.ping', 5_000).catch(() => null);
          if (!event) break;
          const at = sent.get(`${truckId}:${event.id}`);
          if (at !== undefined) delivered.push(event.receivedAt - at);
        }
      }),
    );
    delivered.sort((a, b) => a - b);
    const sse = { events: sent.size, delivered: delivered.length, p50: percentile(delivered, 0.5), p99: percentile(delivered, 0.99) };

    const cpus = os.cpus().length;
    console.log(`orders.bench: ${count(TRUCKS * ORDERS_PER_TRUCK)} orders over ${count(TRUCKS)} trucks, and two trucks of ${count(SMALL_TRUCK_ORDERS)} and ${count(BIG_TRUCK_ORDERS)}; PostgreSQL ${version} (${db.kind}), Node ${process.version}, ${cpus} CPUs; bulk load ${(loadMs / 1000).toFixed(1)} s`);
    console.log(`  the list's query alone: ${listPlan}`);
    console.log(`  trivial JSON endpoint    ${LIST_CONNECTIONS} conn: ${count(base.perSecond)} req/s, p50 ${ms(base.p50)}, p99 ${ms(base.p99)}`);
    const listRatio = list.perSecond / base.perSecond;
    const createRatio = created.perSecond / createBase.perSecond;
    console.log(
      `  signed-in truck route    ${LIST_CONNECTIONS} conn: ${count(guarded.perSecond)} req/s, p50 ${ms(guarded.p50)}, p99 ${ms(guarded.p99)} (session check + truck access, no orders query)` +
        ` | ${(100 * (guarded.perSecond / base.perSecond)).toFixed(0)}% of trivial`,
    );
    console.log(
      `  list pending orders      ${LIST_CONNECTIONS} conn: ${count(list.perSecond)} req/s, p50 ${ms(list.p50)}, p99 ${ms(list.p99)}, ${failureText(list)}` +
        ` | ${(100 * listRatio).toFixed(0)}% of trivial (target ≥ 40%: ${mark(listRatio >= 0.4)}), ${(100 * (list.perSecond / guarded.perSecond)).toFixed(0)}% of the signed-in route; p99 target ≤ 25 ms: ${mark(list.p99 <= 25)}`,
    );
    console.log(
      `  create orders (intake)   ${CREATE_CONNECTIONS} conn: ${count(created.perSecond)} orders/s, p50 ${ms(created.p50)}, p99 ${ms(created.p99)}, ${failureText(created)}` +
        ` | ${(100 * createRatio).toFixed(1)}% of the trivial endpoint beside it, ${count(createBase.perSecond)} req/s (target ≥ 1,500/s or ≥ 8%: ${mark(created.perSecond >= 1_500 || createRatio >= 0.08)})`,
    );
    console.log(
      `  create with VAT + tip    ${CREATE_CONNECTIONS} conn: ${count(createdWithMoney.perSecond)} orders/s, p50 ${ms(createdWithMoney.p50)}, p99 ${ms(createdWithMoney.p99)}, ${failureText(createdWithMoney)}` +
        ` | with tax + tip / without = ${(createdWithMoney.perSecond / created.perSecond).toFixed(2)} (same run, alternating rounds)`,
    );
    // Where the time goes: an order against a trivial request, each process's share (decision 016).
    console.log(`    trivial: ${cpuText(createBase)}`);
    console.log(`    create:  ${cpuText(created)}`);
    for (const [label, run, beside, wal] of [[`${count(SMALL_TRUCK_ORDERS)} orders`, small, smallBase, walOf.small], [`${count(BIG_TRUCK_ORDERS)} orders`, big, bigBase, walOf.big]] as const) {
      console.log(
        `  create at one truck with ${label} ${CREATE_CONNECTIONS} conn: ${count(run.perSecond)} orders/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${failureText(run)}` +
          ` | ${(100 * (run.perSecond / beside.perSecond)).toFixed(1)}% of the trivial endpoint beside it, ${count(beside.perSecond)} req/s`,
      );
      console.log(`    WAL per order: ${count(wal.bytes / wal.orders)} bytes, ${(wal.pages / wal.orders).toFixed(2)} whole pages (${db.kind === 'embedded' ? "the bench's own server" : 'the whole server, others included'})`);
      console.log(`    ${cpuText(run)}`);
    }
    // Each against the trivial endpoint beside it, so a slower minute of the machine counts for neither.
    const historyRatio = big.perSecond / bigBase.perSecond / (small.perSecond / smallBase.perSecond);
    console.log(
      `  creates at ${count(BIG_TRUCK_ORDERS)} orders / at ${count(SMALL_TRUCK_ORDERS)}, each as a share of the trivial endpoint beside it: ${historyRatio.toFixed(2)}` +
        ` (raw ${(big.perSecond / small.perSecond).toFixed(2)}; target ≥ 0.9: ${mark(historyRatio >= 0.9)})`,
    );
    console.log(
      `  SSE delivery, ${count(DASHBOARDS)} dashboards (one per truck): ${count(sse.delivered)}/${count(sse.events)} events, p50 ${ms(sse.p50)}, p99 ${ms(sse.p99)}` +
        ` | ${(sse.p99 / base.p99).toFixed(1)}× the trivial endpoint's p99 (target p99 ≤ 100 ms: ${mark(sse.p99 <= 100)})`,
    );

    // ---- Every core: WORKERS=1 against WORKERS=2 (issue 18) -----------------------------------------
    // The same pending list, against main.ts as a process with one worker and with two; the dashboards
    // above are closed first, so the in-thread server is idle while these are measured.
    streamOf.forEach((stream) => stream.close());
    const workers = await compareWorkers(db.url, (origin) => (agent) => hit(agent, origin, `/api/v1/trucks/${pick(truckIds)}/orders?tab=pending`, { authorization }), {
      connections: LIST_CONNECTIONS, rounds: ROUNDS, roundMs: RUN_MS / ROUNDS, warmUpMs: WARM_UP_MS,
    });
    for (const [label, run] of [['WORKERS=1', workers.one], ['WORKERS=2', workers.two]] as const) {
      console.log(`  list pending, ${label}  ${LIST_CONNECTIONS} conn: ${count(run.perSecond)} req/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${failureText(run)} (main.ts as a process)`);
    }
    console.log(`  list with 2 workers / 1 worker = ${(workers.two.perSecond / workers.one.perSecond).toFixed(2)}  (${cpus} CPUs)`);
    // ---- End of every core --------------------------------------------------------------------------
  } finally {
    streamOf.forEach((stream) => stream.close());
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
