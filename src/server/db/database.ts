/**
 * Opens the database the config names: an external PostgreSQL (DATABASE_URL) or the embedded server
 * under DATA_DIR. Either way the rest of the app sees one node-postgres pool and one Drizzle handle.
 */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-server';
import type { EmbeddedLogger } from './embedded-system-user';
import { runMigrations } from './migrate';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type DatabaseKind = 'embedded' | 'external';

export interface Database {
  kind: DatabaseKind;
  /** How to reach it from another process (a worker): the pool's settings, password included. */
  connection(): pg.PoolConfig;
  pool: pg.Pool;
  db: Db;
  /** Round trip to the server; throws when it is unreachable. */
  ping(): Promise<void>;
  /** Ends the pool, then stops the embedded server if this process runs one. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolMax: number;
  log: EmbeddedLogger;
  migrate?: boolean;
  /** A worker process: the database its primary opened and migrated (and, embedded, keeps running). */
  opened?: { kind: DatabaseKind; connection: pg.PoolConfig };
}

export function wrapPool(kind: DatabaseKind, pool: pg.Pool, onClose: () => Promise<void> = async () => {}): Database {
  let closed: Promise<void> | undefined;
  return {
    kind,
    pool,
    db: drizzle(pool, { schema }),
    connection() {
      const { options } = pool;
      // pg keeps the password out of the enumerable options.
      return { host: options.host, port: options.port, user: options.user, password: options.password as string | undefined, database: options.database, connectionString: options.connectionString };
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    close() {
      closed ??= pool.end().finally(onClose);
      return closed;
    },
  };
}

/** Reaching the server: a connection not made by then counts as the database down (503, errors.ts). */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * Waiting for one of the pool's connections to come free. Under load that wait is the queue in front
 * of a busy database, not an outage: it once timed out at the connect timeout's 5 s (node-postgres
 * uses one setting for both) and answered 503 to requests a busy `bench:mixed` round made. Only a
 * wait this long is given up on (still 503 `database_unavailable`, the process overloaded).
 */
export const POOL_WAIT_MS = 60_000;

/** node-postgres's client with its own connect timeout, so that the pool's setting bounds only the wait. */
class ReachingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    const given = typeof config === 'string' ? { connectionString: config } : (config ?? {});
    // The pool keeps the password out of its options' enumerable keys: a spread would lose it.
    super({ ...given, password: given.password, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/** The app's pool settings (and its workers'): `max` connections, each reached within CONNECT_TIMEOUT_MS. */
export function poolOptions(max: number): pg.PoolConfig {
  return { max, Client: ReachingClient, connectionTimeoutMillis: POOL_WAIT_MS, idleTimeoutMillis: 30_000 };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const settings = poolOptions(options.poolMax);
  let database: Database;
  if (options.opened) {
    database = wrapPool(options.opened.kind, new pg.Pool({ ...options.opened.connection, ...settings }));
    database.pool.on('error', (error) => options.log.error(`database pool: ${error.message}`));
    return database;
  }
  if (options.databaseUrl) {
    database = wrapPool('external', new pg.Pool({ connectionString: options.databaseUrl, ...settings }));
  } else {
    const embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, log: options.log });
    database = wrapPool('embedded', new pg.Pool({ ...embedded.connection, ...settings }), () => embedded.stop());
  }
  // An idle client losing its server (restart, network) must not crash the process.
  database.pool.on('error', (error) => options.log.error(`database pool: ${error.message}`));
  try {
    if (options.migrate !== false) await runMigrations(database.pool);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
