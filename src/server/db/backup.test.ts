/**
 * Backups round-trip: the demo data backed up while an app serves it, restored into an empty
 * database and an empty uploads folder, comes back with every table's row count and checksum and
 * every file's hash equal; a database or folder that is not empty is refused.
 */
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { onCleanup } from '@testing/cleanup';
import { createTestApp } from '@testing/test-app';
import { dropDatabase } from '@testing/test-database';
import { templateConfig } from '@testing/database-global-setup';
import { fileFingerprints, readManifest, restoreBackup, tableFingerprints, writeBackup } from './backup';
import { seedDemoData } from '../demo/demo-data';

async function emptyDatabase(): Promise<pg.Pool> {
  const { admin } = inject('testServer');
  const name = `truckdesk_restore_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await client.end();
  const pool = new pg.Pool({ ...templateConfig(admin, name), max: 3 });
  onCleanup(async () => {
    await pool.end();
    await dropDatabase(name);
  });
  return pool;
}

const tempDir = (prefix: string) => mkdtemp(path.join(os.tmpdir(), prefix));

// A backup and a restore of a whole database: well past the API layer's 30 s on a busy CI machine.
describe('backup and restore', { timeout: 180_000 }, () => {
  it('round-trips the demo data: every table’s row count and checksum, every uploaded file', async () => {
    const { app, database } = await createTestApp();
    const uploads = await tempDir('td-uploads-');
    await seedDemoData(database.db, { info: () => {} }, uploads);
    const file = path.join(await tempDir('td-backups-'), 'truckdesk.tar.gz');

    // Taken while the app answers requests on the same database.
    const serving = Promise.all(Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/api/v1/health' })));
    const manifest = await writeBackup(database.pool, uploads, file);
    await serving;
    const before = await tableFingerprints(database.pool);
    expect(manifest.tables.map((table) => table.name).sort()).toEqual(Object.keys(before).sort());
    for (const table of manifest.tables) expect(table.rows).toBe(before[table.name]!.rows);
    expect(before.orders!.rows).toBeGreaterThan(0);
    expect(before.users!.rows).toBeGreaterThan(0);
    expect(manifest.uploads.files).toBeGreaterThan(0);
    expect(await readManifest(file)).toEqual(manifest);

    const target = await emptyDatabase();
    const restoredUploads = path.join(await tempDir('td-restored-'), 'uploads');
    await restoreBackup(target, restoredUploads, file);
    expect(await tableFingerprints(target)).toEqual(before);
    expect(await fileFingerprints(restoredUploads)).toEqual(await fileFingerprints(uploads));
    // The restored database is fully migrated: the app's own migrations have nothing left to do.
    const { rows } = await target.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    const { rows: sourceRows } = await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    expect(rows[0]!.n).toBe(sourceRows[0]!.n);

    // Refused: a database that has tables, an uploads folder that has files.
    await expect(restoreBackup(target, await tempDir('td-empty-'), file)).rejects.toThrow(/not empty/);
    const other = await emptyDatabase();
    await expect(restoreBackup(other, restoredUploads, file)).rejects.toThrow(/not empty/);
    expect(await readdir(restoredUploads)).not.toHaveLength(0);
  });

  it('refuses a file that is not a TruckDesk backup', async () => {
    const file = path.join(await tempDir('td-backups-'), 'other.tar.gz');
    await writeFile(file, 'not an archive');
    await expect(readManifest(file)).rejects.toThrow();
  });
});
