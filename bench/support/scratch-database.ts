/**
 * A database created for one bench run on the server BENCH_DATABASE_URL names, and dropped after it:
 * empty (the load harness fills it itself), or migrated and holding the demo data, as the embedded
 * server's first start leaves it (the benches that run src/server/main.ts as its own process).
 */
import path from 'node:path';
import pg from 'pg';
import { wrapPool } from '../../src/server/db/database';
import { runMigrations } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/demo/demo-data';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function run(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function scratchDatabase(external: string, name: string): Promise<ScratchDatabase> {
  const database = `truckdesk_${name.replace(/\W/g, '_')}_${process.pid}`;
  await run(external, `CREATE DATABASE ${database}`);
  const url = new URL(external);
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => run(external, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}

/** Migrated and seeded with the demo data (uploads under `dataDir`), with the demo vendor's password the seed chose. */
export async function demoScratchDatabase(external: string, name: string, dataDir: string): Promise<ScratchDatabase & { vendorPassword: string | undefined }> {
  const scratch = await scratchDatabase(external, name);
  let vendorPassword: string | undefined;
  try {
    const database = wrapPool('external', new pg.Pool({ connectionString: scratch.url, max: 2 }));
    try {
      await runMigrations(database.pool);
      await seedDemoData(database.db, { info: (line) => (vendorPassword ??= /Vendor\): \S+ \/ ([\w-]+)/.exec(line)?.[1]) }, path.join(dataDir, 'uploads'));
    } finally {
      await database.close();
    }
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return { ...scratch, vendorPassword };
}
