/** A fresh migrated database for one test file, cloned from the run's template. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { wrapPool, type Database } from '../server/db/database';
import { onCleanup } from './cleanup';
import { templateConfig } from './database-global-setup';

export async function createTestDatabase(): Promise<Database> {
  const { admin, template, kind } = inject('testServer');
  const name = `truckdesk_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await client.end();

  const database = wrapPool(kind, new pg.Pool({ ...templateConfig(admin, name), max: 10 }), () => dropDatabase(name));
  onCleanup(() => database.close());
  return database;
}

/**
 * Drops a test database once its pool has ended. The pool's connections are still saying goodbye when
 * pool.end() resolves; forcing them off would hand their clients an error nobody listens to (it
 * surfaced in whichever test file ran next). FORCE only for what is still there after 5 s.
 */
export async function dropDatabase(name: string): Promise<void> {
  const dropper = new pg.Client(inject('testServer').admin);
  await dropper.connect();
  for (let waited = 0; waited < 5_000; waited += 50) {
    const { rows } = await dropper.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await dropper.end();
}

/**
 * Another pool on the same database, as a second process would open. pg keeps the password out of a pool's
 * enumerable options, so a plain spread loses it (and SCRAM on the embedded server then refuses the login).
 */
export function anotherPool(database: Database, max: number): pg.Pool {
  const { options } = database.pool;
  return new pg.Pool({ ...options, password: options.password, max });
}
