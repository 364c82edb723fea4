/**
 * Once per test run: a PostgreSQL server (the embedded one in a temp folder, or the server named
 * by TEST_DATABASE_URL) holding a migrated template database. Each test file clones its own
 * database from it (see test-database.ts), so files never see each other's rows.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../server/db/embedded-server';
import { runMigrations } from '../server/db/migrate';

export interface TestServer {
  /** Connection settings for the server's maintenance database. */
  admin: pg.PoolConfig;
  template: string;
  kind: 'embedded' | 'external';
}

declare module 'vitest' {
  export interface ProvidedContext {
    testServer: TestServer;
  }
}

const quiet = { info: () => {}, warn: (m: string) => process.stderr.write(`[test db] ${m}\n`), error: (m: string) => process.stderr.write(`[test db] ${m}\n`) };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let admin: pg.PoolConfig;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    admin = { connectionString: url };
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'td-test-'));
    // mkdtemp makes it 0700; the database runs as the unprivileged 'truckdesk' user when we are root.
    chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir, log: quiet });
    admin = { ...embedded.connection };
  }

  const template = `truckdesk_template_${process.pid}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${template}`);
  await client.query(`CREATE DATABASE ${template}`);
  await client.end();

  const pool = new pg.Pool({ ...templateConfig(admin, template), max: 1 });
  await runMigrations(pool);
  await pool.end();

  project.provide('testServer', { admin, template, kind: url ? 'external' : 'embedded' });

  return async () => {
    const cleanup = new pg.Client(admin);
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${template}`);
    await cleanup.end();
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

export function templateConfig(admin: pg.PoolConfig, database: string): pg.PoolConfig {
  if (admin.connectionString) {
    const url = new URL(admin.connectionString);
    url.pathname = `/${database}`;
    return { connectionString: url.toString() };
  }
  return { ...admin, database };
}
