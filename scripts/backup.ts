/**
 * `npm run backup [-- FILE]`: a consistent, compressed archive of the database and the uploads,
 * taken while the app runs (src/server/db/backup.ts). With DATABASE_URL, that database; otherwise
 * the embedded server of DATA_DIR, reached through its socket when the app is running, or started
 * for the occasion when it is not. FILE defaults to backups/truckdesk-<date>-<time>.tar.gz.
 */
import path from 'node:path';
import { writeBackup } from '../src/server/db/backup';
import { loadConfig } from '../src/server/env';
import { openBackupDatabase } from './backup-database';

async function main(args: string[]): Promise<void> {
  if (args.length > 1) throw new Error('Usage: npm run backup [-- FILE]');
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, '').replaceAll(':', '').replace('T', '-');
  const file = path.resolve(args[0] ?? path.join('backups', `truckdesk-${stamp}.tar.gz`));
  const config = loadConfig();
  const database = await openBackupDatabase(config);
  try {
    const started = performance.now();
    const manifest = await writeBackup(database.pool, config.uploadsDir, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backed up ${manifest.tables.length} tables (${rows.toLocaleString('en')} rows, migrations up to ${manifest.migrations.at(-1)}) ` +
        `and ${manifest.uploads.files} uploaded files to ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
