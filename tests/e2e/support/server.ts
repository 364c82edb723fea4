/**
 * Starts the built server (dist/server/main.js) as its own process on a free port with a fresh data
 * folder: the embedded database by default, or a fresh database on the server named by
 * TEST_DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../../src/testing/source-server';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export { freePort };

async function externalDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return undefined;
  const name = `truckdesk_e2e_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function makeDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'td-e2e-'));
  // mkdtemp makes it 0700; the embedded database runs as the unprivileged 'truckdesk' user under root.
  chmodSync(dataDir, 0o755);
  return dataDir;
}

export interface StartOptions {
  /** Reuse a data folder (restart scenarios); by default a fresh one, removed on stop. */
  dataDir?: string;
  /** Always the embedded database, even when TEST_DATABASE_URL is set. */
  embedded?: boolean;
}

export function spawnServer(dataDir: string, env: Record<string, string>): ChildProcess {
  const entry = path.resolve('dist/server/main.js');
  if (!existsSync(entry)) throw new Error('dist/server/main.js is missing: run `npm run build` first');
  return spawn(process.execPath, ['--enable-source-maps', entry], {
    // The demo's order simulator would ring on every journey's dashboard: on only where a journey asks.
    env: { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', DEMO_SIMULATOR: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? makeDataDir();
  const port = await freePort();
  const external = options.embedded ? undefined : await externalDatabase();
  let log = '';
  const child = spawnServer(dataDir, {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(external ? { DATABASE_URL: external.url } : {}),
    ...env,
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await external?.drop();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Stopped here: the journey gets no handle to stop it with, and it would outlive the run (a
      // server, its embedded PostgreSQL and its data folder were once found left over after CI).
      await stop();
      throw new Error(`server did not become healthy within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    dataDir,
    process: child,
    output: () => log,
    stop,
  };
}
