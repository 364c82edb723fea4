/**
 * WORKERS=N (main.ts): the server as a process with two workers on a test database. Which worker
 * answered is read from the log (every request's line carries its reqId, the x-request-id the answer
 * names, and the pid of the process that wrote it) and the process table (the workers are the
 * primary's children); each worker's own pool size from its /metrics (METRICS_TOKEN on the public port
 * answers the worker the connection landed on).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { onCleanup } from '../testing/cleanup';
import { alive, databaseUrlOf, exited, getOnNewConnection, startSourceServer, type SourceServer } from '../testing/source-server';
import { createTestDatabase } from '../testing/test-database';
import type { Database } from './db/database';

const METRICS_TOKEN = 'workers-test-metrics-token-0123456789';
/** Far above what two pools can have on a test server: the primary must lower it. */
const DB_POOL_MAX = 500;
/** main.ts's SPARE_CONNECTIONS. */
const SPARE = 5;

/**
 * The primary's live workers, from /proc: its children (the fourth field of their stat) running
 * main.ts (not, say, the esbuild service tsx may have started).
 */
function workersOf(primary: number): number[] {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => /^\d+ \(.*\) \S+ (\d+)/.exec(read(`/proc/${name}/stat`))?.[1] === String(primary))
    .filter((name) => read(`/proc/${name}/cmdline`).includes('src/server/main.ts'))
    .map(Number)
    .filter(alive);
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('WORKERS=2', { timeout: 240_000 }, () => {
  let database: Database;
  let server: SourceServer;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-workers-'));
    server = await startSourceServer({
      DATABASE_URL: databaseUrlOf(database.connection()),
      DATA_DIR: dataDir,
      WORKERS: '2',
      DB_POOL_MAX: String(DB_POOL_MAX),
      METRICS_TOKEN,
      JWT_SECRET: 'workers-test-secret-that-is-long-enough-0123',
    });
    onCleanup(async () => {
      if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });
  }, 200_000);

  /** Which worker (pid) answered a request, from the log line naming its x-request-id. */
  const answeredBy = (requestId: string) =>
    until(`the log line of request ${requestId}`, () => {
      const line = server.logLines().find((entry) => entry.reqId === requestId && typeof entry.pid === 'number');
      return line?.pid as number | undefined;
    }, 10_000);

  /** /metrics of whichever worker the new connection lands on: its pid and its pool's size. */
  async function askAWorker(): Promise<{ pid: number; poolMax: number }> {
    const answer = await getOnNewConnection(`${server.url}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(answer.status).toBe(200);
    const poolMax = Number(/^db_pool_connections\{state="max"\} (\d+)$/m.exec(answer.body)?.[1]);
    return { pid: await answeredBy(String(answer.headers['x-request-id'])), poolMax };
  }

  it('runs two worker processes, children of the primary, that both answer on the one port', async () => {
    const primary = server.process.pid!;
    const workers = workersOf(primary);
    expect(workers).toHaveLength(2);
    const answering = new Set<number>();
    for (let i = 0; i < 20 && answering.size < 2; i++) answering.add((await askAWorker()).pid);
    expect([...answering].sort()).toEqual([...workers].sort());
    expect(answering.has(primary)).toBe(false);
  });

  it('sizes each worker’s pool so that both pools, their listeners and the spare connections fit in the server’s', async () => {
    const started = server.logLines().find((entry) => typeof entry.poolPerWorker === 'number');
    expect(started).toMatchObject({ workers: 2, pid: server.process.pid });
    const pool = started!.poolPerWorker as number;
    const { rows } = await database.pool.query<{ capacity: number }>(
      `SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int AS capacity`,
    );
    const capacity = rows[0]!.capacity;
    expect(pool).toBeGreaterThanOrEqual(1);
    expect(pool).toBeLessThan(DB_POOL_MAX);
    expect(2 * (pool + 1) + SPARE).toBeLessThanOrEqual(capacity);
    // Each worker's pool is that size (its own db_pool_connections{state="max"}).
    const seen = new Map<number, number>();
    for (let i = 0; i < 20 && seen.size < 2; i++) {
      const { pid, poolMax } = await askAWorker();
      seen.set(pid, poolMax);
    }
    expect([...seen.values()]).toEqual([pool, pool]);
    // And each holds its one LISTEN connection outside the pool.
    const listeners = await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'truckdesk-listener'`,
    );
    expect(listeners.rows[0]!.n).toBe(2);
  });

  it('replaces a worker that dies', async () => {
    const primary = server.process.pid!;
    const [victim, survivor] = workersOf(primary);
    process.kill(victim!, 'SIGKILL');
    // The primary's line names the worker's pid.
    await until('the primary to log the death', () => server.logLines().find((entry) => entry.msg === 'a worker died' && entry.pid === victim && entry.signal === 'SIGKILL'));
    const replacement = await until('a replacement worker', () => workersOf(primary).find((pid) => pid !== survivor && pid !== victim));
    // It listens (its 'listening' line), then answers like the other.
    await until('the replacement to listen', () => server.logLines().find((entry) => entry.pid === replacement && entry.msg === 'listening'));
    const answering = new Set<number>();
    for (let i = 0; i < 20 && answering.size < 2; i++) answering.add((await askAWorker()).pid);
    expect([...answering].sort()).toEqual([replacement, survivor].sort());
  });

  it('stops every process on SIGTERM: the workers, then the primary, exiting 0', async () => {
    const primary = server.process.pid!;
    const workers = workersOf(primary);
    expect(workers).toHaveLength(2);
    server.process.kill('SIGTERM');
    expect(await exited(server.process)).toBe(0);
    for (const pid of workers) expect(alive(pid)).toBe(false);
    expect(server.logLines().some((entry) => entry.pid === primary && entry.reason === 'SIGTERM')).toBe(true);
    // Nothing of it is left on the database either.
    const left = await until('the workers’ connections to close', async () => {
      const { rows } = await database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = 'truckdesk-listener'`,
      );
      return rows[0]!.n === 0 ? 0 : undefined;
    }, 10_000);
    expect(left).toBe(0);
  });
});
