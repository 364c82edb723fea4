/** A fresh migrated database for one test file, cloned from the run's template. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { wrapPool, type Database } from '../server/db/database';
import { templateConfig } from './database-global-setup';

export async function createTestDatabase(): Promise<Database> {
  const { admin, template, kind } = inject('testServer');
  const name = `truckdesk_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await client.end();

  const database = wrapPool(kind, new pg.Pool({ ...templateConfig(admin, name), max: 10 }), async () => {
    const dropper = new pg.Client(admin);
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  afterAll(() => database.close());
  return database;
}
