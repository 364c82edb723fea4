/** The database `npm run backup` and `npm run restore` work on: DATABASE_URL, or the embedded server of DATA_DIR. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded-server';
import { clusterRootOf } from '../src/server/db/embedded-system-user';
import type { Config } from '../src/server/env';

export interface BackupDatabase {
  pool: pg.Pool;
  close(): Promise<void>;
}

const log = { info: () => {}, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };

export async function openBackupDatabase(config: Config, options: { startOnly?: boolean } = {}): Promise<BackupDatabase> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
    return { pool, close: () => pool.end() };
  }
  if (!options.startOnly) {
    // The app is running: its server answers on the socket, and the app keeps it (no lock taken here).
    const root = await clusterRootOf(config.dataDir);
    const password = await readFile(path.join(root, 'postgres-password'), 'utf8').then((text) => text.trim(), () => '');
    if (password) {
      const pool = new pg.Pool({ host: path.join(root, 'run'), port: 5432, user: 'truckdesk', password, database: 'truckdesk', max: 2 });
      const reachable = await pool.query('SELECT 1').then(() => true, () => false);
      if (reachable) return { pool, close: () => pool.end() };
      await pool.end();
    }
  }
  // Nobody runs it (or a restore, which must have the folder to itself): start it for the occasion.
  const server = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  const pool = new pg.Pool({ ...server.connection, max: 2 });
  return {
    pool,
    async close() {
      await pool.end();
      await server.stop();
    },
  };
}
