/**
 * `npm run restore FILE`: restores an archive written by `npm run backup` into an empty database
 * (DATABASE_URL) or a fresh DATA_DIR (the embedded server, started for the occasion: stop the app
 * first), and its files into the empty uploads folder. Then start the app as usual.
 */
import path from 'node:path';
import { restoreBackup } from '../src/server/db/backup';
import { loadConfig } from '../src/server/env';
import { openBackupDatabase } from './backup-database';

async function main(args: string[]): Promise<void> {
  if (args.length !== 1) throw new Error('Usage: npm run restore FILE');
  const file = path.resolve(args[0]!);
  const config = loadConfig();
  const database = await openBackupDatabase(config, { startOnly: true });
  try {
    const manifest = await restoreBackup(database.pool, config.uploadsDir, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored ${manifest.tables.length} tables (${rows.toLocaleString('en')} rows) and ${manifest.uploads.files} uploaded files ` +
        `from the backup of ${manifest.createdAt}. Sessions signed with another JWT secret must sign in again.`,
    );
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
