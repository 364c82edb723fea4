/**
 * `npm run backup` and `npm run restore` end to end, as an operator runs them: the app running on an
 * embedded DATA_DIR with its demo data and orders being placed through its API, the backup CLI beside
 * it (reaching the app's PostgreSQL through its socket), then the restore CLI into a fresh DATA_DIR
 * (starting an embedded server of its own for the occasion). The restored database is the one
 * consistent snapshot the backup took: every table's row count is the manifest's; the tables the
 * orders do not write have the same checksum as the running app's; every order placed while the
 * backup ran is in it wholly (its row, its line, its history, its idempotency key, its live event,
 * each row as the app has it) or not at all; and the counters and /home rollups the orders move
 * agree with the orders it holds.
 *
 * Always the embedded database (the CLIs' own way to it is the subject), whatever TEST_DATABASE_URL says.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { netSalesSql } from '@domain/money';
import { onCleanup } from '@testing/cleanup';
import { exited, spawnTs, startSourceServer, type SourceServer } from '@testing/source-server';
import { readManifest, tableFingerprints } from './backup';
import { DEMO_TRUCK_IDS } from '../demo/demo-trucks';
import { startEmbeddedPostgres } from './embedded-server';
import { clusterRootOf } from './embedded-system-user';

/** Orders placed at once, one after the other each, while the backup runs. */
const CLIENTS = 4;

function dataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  // mkdtemp makes it 0700; started as root, the embedded server runs as the unprivileged truckdesk user.
  chmodSync(dir, 0o755);
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs a CLI script to its end; answers its exit code and output. */
async function runCli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | string | null; output: string }> {
  const child = spawnTs(script, args, { DATABASE_URL: '', ...env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { code: await exited(child), output };
}

interface Placed {
  id: string;
  /** performance.now() when the request was sent and when its 201 came back. */
  sent: number;
  acknowledged: number;
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Rows of `table` whose `column` is one of `ids`, one md5 per row, sorted. */
async function rowsOf(pool: pg.Pool, table: string, column: string, ids: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ row: string }>(`SELECT md5(t::text) AS row FROM ${table} t WHERE ${column}::text = ANY($1) ORDER BY 1`, [ids]);
  return rows.map((row) => row.row);
}

describe('npm run backup / npm run restore', { timeout: 240_000 }, () => {
  it('back up a running app while orders come in, restore into a fresh DATA_DIR: one consistent snapshot', async () => {
    const sourceDir = dataDir('td-backup-app-');
    const app: SourceServer = await startSourceServer({ DATA_DIR: sourceDir, JWT_SECRET: 'backup-cli-test-secret-long-enough-0123456789' });
    onCleanup(() => app.stop());
    const password = app
      .logLines()
      .map((entry) => /vendor@truckdesk\.demo \/ (\S+)$/.exec(String(entry.msg))?.[1])
      .find(Boolean);
    expect(password).toBeDefined();
    const { token } = await json<{ token: string }>(
      await fetch(`${app.url}/api/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'vendor@truckdesk.demo', password }) }),
    );
    const auth = { authorization: `Bearer ${token}` };
    const truckId = DEMO_TRUCK_IDS.approved;
    const menu = await json<{ items: { id: string; soldOutUntil: unknown; optionGroups: { minSelections: number }[] }[] }>(await fetch(`${app.url}/api/v1/trucks/${truckId}/menu`, { headers: auth }));
    const item = menu.items.find((candidate) => !candidate.soldOutUntil && candidate.optionGroups.every((group) => group.minSelections === 0));
    expect(item).toBeDefined();

    // The app's own database, as the backup CLI reaches it (its socket and password in DATA_DIR).
    const source = await appDatabase(sourceDir);
    const before = await tableFingerprints(source);

    // Clients placing orders, one after the other each, until told to stop.
    const placed: Placed[] = [];
    let placing = true;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (placing) {
        const sent = performance.now();
        const order = await json<{ id: string }>(
          await fetch(`${app.url}/api/v1/trucks/${truckId}/orders`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomBytes(12).toString('hex') },
            body: JSON.stringify({ lines: [{ itemId: item!.id, qty: 1 }], customer: { name: 'Backup Test', phone: '+96555512345' }, type: 'pickup', paymentMethod: 'cash' }),
          }),
        );
        placed.push({ id: order.id, sent, acknowledged: performance.now() });
      }
    });
    const load = Promise.all(clients);
    while (placed.length < CLIENTS) await new Promise((resolve) => setTimeout(resolve, 20));

    const archive = path.join(dataDir('td-backup-file-'), 'truckdesk.tar.gz');
    const backupStarted = performance.now();
    const backup = await runCli('scripts/backup.ts', [archive], { DATA_DIR: sourceDir });
    const backupEnded = performance.now();
    placing = false;
    await load;
    expect(backup, backup.output).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(/^Backed up \d+ tables .* and \d+ uploaded files to /m);
    const after = await tableFingerprints(source);
    const during = placed.filter((order) => order.acknowledged > backupStarted && order.sent < backupEnded);
    expect(during.length).toBeGreaterThan(0);

    // The restore CLI into a fresh DATA_DIR (the app keeps running on its own).
    const restoredDir = dataDir('td-backup-restored-');
    const restore = await runCli('scripts/restore.ts', [archive], { DATA_DIR: restoredDir });
    expect(restore, restore.output).toMatchObject({ code: 0 });
    const restoredServer = await startEmbeddedPostgres({ dataDir: restoredDir, log: { info: () => {}, warn: () => {}, error: () => {} } });
    onCleanup(() => restoredServer.stop());
    const restored = quietPool({ ...restoredServer.connection, max: 2 });
    const fingerprints = await tableFingerprints(restored);
    const manifest = await readManifest(archive);

    // Every table, with the manifest's row count.
    expect(Object.keys(fingerprints).sort()).toEqual(Object.keys(after).sort());
    expect(Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]))).toEqual(Object.fromEntries(Object.entries(fingerprints).map(([name, { rows }]) => [name, rows])));
    // The tables the orders did not write: the same rows as the app's, checksum and all.
    const untouched = Object.keys(after).filter((name) => after[name]!.md5 === before[name]!.md5);
    expect(untouched.length).toBeGreaterThan(10);
    for (const name of untouched) expect(fingerprints[name], name).toEqual(after[name]);

    // Every order placed: wholly in the backup or wholly out of it.
    const ids = placed.map((order) => order.id);
    const inBackup = new Set((await restored.query<{ id: string }>('SELECT id::text FROM orders WHERE id::text = ANY($1)', [ids])).rows.map((row) => row.id));
    for (const [table, column] of [
      ['orders', 'id'],
      ['order_lines', 'order_id'],
      ['order_history', 'order_id'],
      ['order_idempotency_keys', 'order_id'],
      ['truck_events', "data->'order'->>'id'"],
    ] as const) {
      const holding = new Set((await restored.query<{ id: string }>(`SELECT DISTINCT ${column} AS id FROM ${table} WHERE ${column}::text = ANY($1)`, [ids])).rows.map((row) => row.id));
      expect([...holding].sort(), table).toEqual([...inBackup].sort());
      // …and those it holds are as the app has them.
      expect(await rowsOf(restored, table, column, [...inBackup]), table).toEqual(await rowsOf(source, table, column, [...inBackup]));
    }
    // Acknowledged before the backup began: in. Sent after it ended: out.
    for (const order of placed.filter((o) => o.acknowledged < backupStarted)) expect(inBackup.has(order.id)).toBe(true);
    for (const order of placed.filter((o) => o.sent > backupEnded)) expect(inBackup.has(order.id)).toBe(false);
    // Orders acknowledged while the CLI ran fell on both sides of its snapshot: both cases were tried.
    expect(during.filter((order) => inBackup.has(order.id)).length).toBeGreaterThan(0);
    expect(during.filter((order) => !inBackup.has(order.id)).length).toBeGreaterThan(0);

    // The counters and the /home rollups the orders move are those of the orders the snapshot holds.
    const days = (await restored.query<{ day: string }>('SELECT DISTINCT business_date::text AS day FROM orders WHERE id::text = ANY($1)', [ids])).rows.map((row) => row.day);
    expect(days.length).toBeGreaterThan(0);
    const [counters] = (
      await restored.query<Record<string, string>>(
        `SELECT (SELECT last_id::text FROM truck_event_counters WHERE truck_id = $1) AS "eventCounter",
                (SELECT max(id)::text FROM truck_events WHERE truck_id = $1) AS "lastEvent",
                (SELECT string_agg(last_number::text, ',' ORDER BY business_date) FROM order_day_counters WHERE truck_id = $1 AND business_date::text = ANY($2)) AS "dayCounters",
                (SELECT string_agg(n::text, ',' ORDER BY d) FROM (SELECT business_date AS d, max(number) AS n FROM orders WHERE truck_id = $1 AND business_date::text = ANY($2) GROUP BY 1) m) AS "lastNumbers"`,
        [truckId, days],
      )
    ).rows;
    expect(counters!.eventCounter).toBe(counters!.lastEvent);
    expect(counters!.dayCounters).toBe(counters!.lastNumbers);
    const rollups = async (sql: string) => (await restored.query(sql, [truckId, days])).rows;
    expect(
      await rollups(`SELECT business_date::text AS day, hour::int, orders::int, revenue::text FROM order_sales_hourly
                     WHERE truck_id = $1 AND business_date::text = ANY($2) AND orders <> 0 ORDER BY 1, 2`),
    ).toEqual(
      await rollups(`SELECT o.business_date::text AS day, extract(hour FROM o.created_at AT TIME ZONE t.time_zone)::int AS hour, count(*)::int AS orders, sum(${netSalesSql('o')})::text AS revenue
                     FROM orders o JOIN trucks t ON t.id = o.truck_id
                     WHERE o.truck_id = $1 AND o.business_date::text = ANY($2) AND td_home_is_sale(o.status) GROUP BY 1, 2 ORDER BY 1, 2`),
    );
    expect(
      await rollups(`SELECT business_date::text AS day, item_id::text AS item, quantity::int, revenue::text FROM order_item_sales_daily
                     WHERE truck_id = $1 AND business_date::text = ANY($2) AND quantity <> 0 ORDER BY 1, 2`),
    ).toEqual(
      await rollups(`SELECT o.business_date::text AS day, l.item_id::text AS item, sum(l.qty)::int AS quantity, sum(l.total)::text AS revenue
                     FROM order_lines l JOIN orders o ON o.truck_id = l.truck_id AND o.id = l.order_id
                     WHERE o.truck_id = $1 AND o.business_date::text = ANY($2) AND td_home_is_sale(o.status) GROUP BY 1, 2 ORDER BY 1, 2`),
    );
  });
});

/** A pool on the running app's embedded server, through its socket (as scripts/backup-database.ts reaches it). */
async function appDatabase(dir: string): Promise<pg.Pool> {
  const root = await clusterRootOf(dir);
  const password = (await readFile(path.join(root, 'postgres-password'), 'utf8')).trim();
  return quietPool({ host: path.join(root, 'run'), port: 5432, user: 'truckdesk', password, database: 'truckdesk', max: 2 });
}

/**
 * A pool ended when the file ends. pool.end() resolves before its connections have closed, so the
 * server stopping right after (the cleanups' next step) may still end one with "terminating connection
 * due to administrator command": expected then, and not to surface as an unhandled error.
 */
function quietPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('connect', (client) => client.on('error', () => {}));
  onCleanup(() => pool.end());
  return pool;
}
