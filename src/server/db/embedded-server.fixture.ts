/**
 * Test fixture for embedded-server.test.ts, run as its own app process:
 *   node --import tsx src/server/db/embedded-server.fixture.ts <dataDir> [--relocation-root DIR] [--binaries DIR]
 * (or its bundle, where the repository is out of the runner's reach). Starts the embedded server,
 * inserts an order row, prints `READY <app pid> <postmaster pid>` and waits to be killed. Prints `BUSY`
 * and exits 3 when another process owns the data folder.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { EmbeddedPostgresBusyError, startEmbeddedPostgres } from './embedded-server';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'relocation-root': { type: 'string' }, binaries: { type: 'string' } } });
const dataDir = positionals[0];
if (!dataDir) throw new Error('usage: embedded-server.fixture.ts <dataDir> [--relocation-root DIR] [--binaries DIR]');
const relocationRoot = values['relocation-root'];
const binariesDir = values.binaries;

const log = { info: (m: string) => console.error(m), warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };

try {
  const server = await startEmbeddedPostgres({ dataDir, log, ...(relocationRoot && { relocationRoot }), ...(binariesDir && { binariesDir }) });
  const client = new pg.Client(server.connection);
  await client.connect();
  await client.query('CREATE TABLE IF NOT EXISTS orders (id int PRIMARY KEY, item text NOT NULL)');
  await client.query(`INSERT INTO orders VALUES (${process.pid}, 'falafel wrap')`);
  await client.end();
  const postmasterPid = (await readFile(path.join(server.clusterRoot, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0];
  console.log(`READY ${process.pid} ${postmasterPid}`);
  setInterval(() => {}, 1 << 30);
} catch (err) {
  if (!(err instanceof EmbeddedPostgresBusyError)) throw err;
  console.log('BUSY');
  process.exit(3);
}
