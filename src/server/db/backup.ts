/**
 * Backups with nothing to install: a gzip-compressed tar archive written by the app's own code
 * (PostgreSQL's COPY through node-postgres), on the embedded server and on DATABASE_URL alike.
 *
 *   manifest.json         format version, the migrations the data was written under, each table's row count
 *   db/<table>.copy       every table of the public schema, COPY text format
 *   db/sequences.json     the sequences' positions
 *   uploads/…             the uploaded files
 *
 * Consistency: every table is read in one REPEATABLE READ transaction (one snapshot) while the app
 * keeps running. Uploads are copied after that snapshot; a file is written before the row naming it
 * commits, so every file the backed-up rows name is there (plus perhaps a few newer ones, unused).
 *
 * Restore goes into an empty database: the migrations up to the archive's, then the rows (user
 * triggers off: they announce cache changes and keep counters, which the rows already carry), then
 * the sequences, then the migrations the code has gained since. An archive written by a newer
 * version (migrations this code does not have) is refused.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import { migrationsDir } from './paths';

export const BACKUP_FORMAT = 'truckdesk-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  postgresVersion: string;
  /** Migration tags applied to the database, in order (drizzle/meta/_journal.json). */
  migrations: string[];
  /** Tables in restore order (a table after those its foreign keys point at). */
  tables: { name: string; rows: number }[];
  uploads: { files: number; bytes: number };
}

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

async function readJournal(folder = migrationsDir): Promise<Journal> {
  return JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public schema's tables, each after the tables its foreign keys reference (self-references aside). */
async function tablesInDependencyOrder(client: pg.PoolClient): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const edge of edges) if (edge.child === name) visit(edge.parent);
    visiting.delete(name);
    placed.add(name);
    ordered.push(name);
  };
  for (const { name } of tables) visit(name);
  return ordered;
}

async function appliedMigrations(client: pg.PoolClient): Promise<string[]> {
  const journal = await readJournal();
  const { rows } = await client
    .query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at')
    .catch(() => ({ rows: [] as { created_at: string }[] }));
  const applied = new Set(rows.map((row) => Number(row.created_at)));
  const unknown = rows.filter((row) => !journal.entries.some((entry) => entry.when === Number(row.created_at)));
  if (unknown.length > 0) throw new Error('The database has migrations this version of TruckDesk does not know; back it up with the version that wrote them.');
  return journal.entries.filter((entry) => applied.has(entry.when)).map((entry) => entry.tag);
}

async function filesUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Writes the archive of the database behind `pool` and the files under `uploadsDir` to `file`. */
export async function writeBackup(pool: pg.Pool, uploadsDir: string, file: string): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'td-backup-'));
  try {
    await mkdir(path.join(staging, 'db'));
    const client = await pool.connect();
    let manifest: BackupManifest;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const tables = await tablesInDependencyOrder(client);
      const migrations = await appliedMigrations(client);
      const counted: BackupManifest['tables'] = [];
      for (const name of tables) {
        const target = createWriteStream(path.join(staging, 'db', `${name}.copy`));
        await pipeline(client.query(copyTo(`COPY ${quoteIdent(name)} TO STDOUT`)), target);
        const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoteIdent(name)}`);
        counted.push({ name, rows: Number(rows[0]!.n) });
      }
      const { rows: sequences } = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S'`,
      );
      const positions: Record<string, { lastValue: string; isCalled: boolean }> = {};
      for (const { name } of sequences) {
        const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${quoteIdent(name)}`);
        positions[name] = { lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called };
      }
      await writeFile(path.join(staging, 'db', 'sequences.json'), JSON.stringify(positions));
      const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
      await client.query('COMMIT');
      manifest = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        postgresVersion: version[0]!.server_version,
        migrations,
        tables: counted,
        uploads: { files: 0, bytes: 0 },
      };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }

    const files = await filesUnder(uploadsDir);
    if (files.length > 0) await cp(uploadsDir, path.join(staging, 'uploads'), { recursive: true });
    const copied = await filesUnder(path.join(staging, 'uploads'));
    let bytes = 0;
    for (const name of copied) bytes += (await stat(path.join(staging, 'uploads', name))).size;
    manifest.uploads = { files: copied.length, bytes };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    await tar.create({ gzip: { level: 6 }, cwd: staging, file: partial, portable: true }, ['manifest.json', 'db', ...(copied.length > 0 ? ['uploads'] : [])]);
    await rm(file, { force: true });
    await import('node:fs/promises').then((fs) => fs.rename(partial, file));
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Reads an archive's manifest without unpacking the rest. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let text = '';
  await tar.t({
    file,
    filter: (entry) => entry === 'manifest.json',
    onReadEntry: (entry) => {
      entry.on('data', (chunk: Buffer) => (text += chunk.toString()));
    },
  });
  const manifest = JSON.parse(text || '{}') as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is not a TruckDesk backup.`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) throw new Error(`${file} was written by a newer TruckDesk (backup format ${manifest.formatVersion}); restore it with that version.`);
  return manifest;
}

/** Applies the first `count` migrations only: the schema the archive's rows were written under. */
async function migrateTo(pool: pg.Pool, tags: string[]): Promise<void> {
  const journal = await readJournal();
  const known = journal.entries.map((entry) => entry.tag);
  if (tags.some((tag, index) => known[index] !== tag)) {
    throw new Error(`The archive was written under migrations this version of TruckDesk does not have (${tags.at(-1)}); restore it with that version or a newer one.`);
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'td-migrations-'));
  try {
    await cp(migrationsDir, folder, { recursive: true });
    await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, tags.length) }));
    const client = await pool.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      client.release();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Restores an archive into the empty database behind `pool` and the (empty or missing) `uploadsDir`.
 * Refuses a database that already has tables, and an uploads folder with files in it.
 */
export async function restoreBackup(pool: pg.Pool, uploadsDir: string, file: string): Promise<BackupManifest> {
  const manifest = await readManifest(file);
  const { rows: existing } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p')`,
  );
  if (Number(existing[0]!.n) > 0) throw new Error('The database is not empty; restore into an empty database (or a fresh DATA_DIR).');
  if ((await filesUnder(uploadsDir)).length > 0) throw new Error(`${uploadsDir} is not empty; restore into an empty uploads folder.`);

  const staging = await mkdtemp(path.join(os.tmpdir(), 'td-restore-'));
  try {
    await tar.x({ file, cwd: staging });
    await migrateTo(pool, manifest.migrations);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      for (const { name, rows } of manifest.tables) {
        await client.query(`ALTER TABLE ${quoteIdent(name)} DISABLE TRIGGER USER`);
        await pipeline(createReadStream(path.join(staging, 'db', `${name}.copy`)), client.query(copyFrom(`COPY ${quoteIdent(name)} FROM STDIN`)));
        await client.query(`ALTER TABLE ${quoteIdent(name)} ENABLE TRIGGER USER`);
        const { rows: counted } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoteIdent(name)}`);
        if (Number(counted[0]!.n) !== rows) throw new Error(`${name}: restored ${counted[0]!.n} rows, the archive has ${rows}.`);
      }
      const positions = JSON.parse(await readFile(path.join(staging, 'db', 'sequences.json'), 'utf8')) as Record<string, { lastValue: string; isCalled: boolean }>;
      for (const [name, position] of Object.entries(positions)) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [quoteIdent(name), position.lastValue, position.isCalled]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    // Then whatever the code has gained since the archive was written.
    const later = await pool.connect();
    try {
      await migrate(drizzle(later), { migrationsFolder: migrationsDir });
    } finally {
      later.release();
    }
    if (existsSync(path.join(staging, 'uploads'))) {
      await mkdir(uploadsDir, { recursive: true });
      await cp(path.join(staging, 'uploads'), uploadsDir, { recursive: true });
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Every table's row count and a checksum of its rows, for comparing two databases. */
export async function tableFingerprints(pool: pg.Pool): Promise<Record<string, { rows: number; md5: string }>> {
  const client = await pool.connect();
  try {
    const fingerprints: Record<string, { rows: number; md5: string }> = {};
    for (const name of await tablesInDependencyOrder(client)) {
      const { rows } = await client.query<{ n: string; md5: string | null }>(
        `SELECT count(*) AS n, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS md5 FROM ${quoteIdent(name)} t`,
      );
      fingerprints[name] = { rows: Number(rows[0]!.n), md5: rows[0]!.md5 ?? '' };
    }
    return fingerprints;
  } finally {
    client.release();
  }
}

/** Each file under a folder with its sha256, for comparing two uploads folders. */
export async function fileFingerprints(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const name of (await filesUnder(root)).sort()) result[name] = createHash('sha256').update(await readFile(path.join(root, name))).digest('hex');
  return result;
}
