/**
 * The unprivileged system user the embedded PostgreSQL runs as when the app is started as root
 * (postgres refuses root), and where the cluster and the binaries go when that user cannot reach
 * them (embedded-server.ts says why; it starts and stops the server, this module places it).
 * Commands run here, as that user when given one.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { childEnvironment } from '../env';

export interface EmbeddedLogger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/** With TCP off the port only names the socket file (`.s.PGSQL.5432`). */
export const PORT = 5432;
export const OS_USER = 'truckdesk';
/** sockaddr_un.sun_path is 108 bytes including the terminating NUL. */
export const MAX_SOCKET_PATH_BYTES = 107;
/** Where a root-started app keeps what the unprivileged server user cannot reach in place. */
export const RELOCATION_ROOT = '/var/lib/truckdesk';
/** Written in DATA_DIR when the cluster lives elsewhere: the backup script and the operator read it. */
export const LOCATION_FILE = 'postgres-location';

export interface OsUser {
  uid: number;
  gid: number;
}

export interface Paths {
  dataDir: string;
  /** Holds pgDir, runDir, the password and the log: dataDir, or its relocated place. */
  clusterRoot: string;
  pgDir: string;
  runDir: string;
  passwordFile: string;
  logFile: string;
}

export function clusterPaths(dataDir: string, clusterRoot: string): Paths {
  return {
    dataDir,
    clusterRoot,
    pgDir: path.join(clusterRoot, 'postgres'),
    runDir: path.join(clusterRoot, 'run'),
    passwordFile: path.join(clusterRoot, 'postgres-password'),
    logFile: path.join(clusterRoot, 'postgres.log'),
  };
}

/** The same DATA_DIR always maps to the same place, so restarts, kill -9 recovery and the busy check all find it. */
export function relocatedClusterRoot(dataDir: string, relocationRoot = RELOCATION_ROOT): string {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(relocationRoot, id);
}

/** Where the cluster of this DATA_DIR is: the place named in DATA_DIR/postgres-location, or DATA_DIR itself. */
export async function clusterRootOf(dataDir: string): Promise<string> {
  const named = await readFile(path.join(dataDir, LOCATION_FILE), 'utf8').then((text) => text.trim(), () => '');
  return named || path.resolve(dataDir);
}

async function relocate(paths: Paths, relocationRoot: string, user: OsUser): Promise<Paths> {
  const clusterRoot = relocatedClusterRoot(paths.dataDir, relocationRoot);
  await mkdir(relocationRoot, { recursive: true, mode: 0o755 });
  await chmod(relocationRoot, 0o755);
  await mkdir(clusterRoot, { recursive: true, mode: 0o700 });
  await chmod(clusterRoot, 0o700);
  await own(clusterRoot, user);
  // Which DATA_DIR a folder under /var/lib/truckdesk belongs to, for an operator looking there.
  await writeFile(path.join(clusterRoot, 'data-dir'), `${paths.dataDir}\n`);
  await writeFile(path.join(paths.dataDir, LOCATION_FILE), `${clusterRoot}\n`);
  const relocated = clusterPaths(paths.dataDir, clusterRoot);
  if (Buffer.byteLength(`${relocated.runDir}/.s.PGSQL.${PORT}`) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`The relocated PostgreSQL socket under ${relocationRoot} would be too long; choose a shorter relocation root.`);
  }
  return relocated;
}

/**
 * A copy of the binaries (with their lib/ and share/) the server's user can run, made once per
 * binaries version and published with a rename, so concurrent starts never see half a copy.
 */
async function copyBinaries(bins: Binaries, relocationRoot: string, user: OsUser, log: EmbeddedLogger): Promise<Binaries> {
  const native = path.dirname(path.dirname(bins.postgres));
  const { size, mtimeMs } = await stat(bins.postgres);
  const id = createHash('sha256').update(`${native}:${size}:${mtimeMs}`).digest('hex').slice(0, 16);
  const target = path.join(relocationRoot, `postgres-binaries-${id}`);
  if (!existsSync(path.join(target, 'bin', 'postgres'))) {
    log.info(`The PostgreSQL user "${OS_USER}" cannot reach ${native}; copying the PostgreSQL binaries to ${target}.`);
    await mkdir(relocationRoot, { recursive: true, mode: 0o755 });
    const scratch = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      await cp(native, scratch, { recursive: true, verbatimSymlinks: true });
      const result = await run('chmod', ['-R', 'a+rX', scratch], { timeoutMs: 60_000 });
      if (result.code !== 0) throw new Error(`chmod -R a+rX ${scratch} failed:\n${result.output}`);
      await rename(scratch, target).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  const copied = binariesIn(target);
  const blocked = await firstBlocked(user, [...new Set(Object.values(copied).flatMap(chain))]);
  if (blocked) throw new Error(`PostgreSQL runs as the unprivileged user "${OS_USER}", but that user cannot reach ${blocked}; make it traversable (chmod o+x).`);
  return copied;
}

export interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

export const binariesIn = (dir: string): Binaries => ({
  initdb: path.join(dir, 'bin', 'initdb'),
  pg_ctl: path.join(dir, 'bin', 'pg_ctl'),
  postgres: path.join(dir, 'bin', 'postgres'),
});

/**
 * Where the server's user can run the cluster and the binaries from: in place when it can reach
 * them; else the cluster moves under relocationRoot (an existing one is never moved: the operator
 * is told what to open) and the binaries are copied there.
 */
export async function placeForUser(paths: Paths, bins: Binaries, user: OsUser, relocationRoot: string, log: EmbeddedLogger): Promise<{ paths: Paths; bins: Binaries }> {
  const blockedData = await firstBlocked(user, chain(paths.dataDir));
  if (blockedData) {
    if (existsSync(path.join(paths.pgDir, 'PG_VERSION'))) {
      throw new Error(
        `PostgreSQL runs as the unprivileged user "${OS_USER}", which cannot enter ${blockedData}, where the existing cluster ${paths.pgDir} is. ` +
          `Make ${blockedData} traversable (chmod o+x) or move DATA_DIR somewhere "${OS_USER}" can reach.`,
      );
    }
    paths = await relocate(paths, relocationRoot, user);
    log.info(
      `The PostgreSQL user "${OS_USER}" cannot enter ${blockedData}, so the database cluster for DATA_DIR=${paths.dataDir} ` +
        `lives in ${paths.clusterRoot} (uploads and the session secret stay in DATA_DIR).`,
    );
  } else {
    await rm(path.join(paths.dataDir, LOCATION_FILE), { force: true });
  }
  const binaries = [bins.initdb, bins.pg_ctl, bins.postgres];
  if (await firstBlocked(user, [...new Set(binaries.flatMap(chain))])) bins = await copyBinaries(bins, relocationRoot, user, log);
  return { paths, bins };
}

export async function ensureSystemUser(log: EmbeddedLogger): Promise<OsUser> {
  const existing = await lookupUser();
  if (existing) return existing;
  log.info(`Creating the system user "${OS_USER}" to run PostgreSQL (it refuses to run as root).`);
  const attempts: [string, string[]][] = [
    ['useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER]],
    // --user-group fails when the group already exists (e.g. made by an image build step).
    ['useradd', ['--system', '--gid', OS_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER]],
    // BusyBox (Alpine) has no useradd.
    ['adduser', ['-S', '-D', '-H', '-s', '/sbin/nologin', OS_USER]],
  ];
  const failures: string[] = [];
  for (const [command, args] of attempts) {
    const result = await run(command, args, { timeoutMs: 30_000 }).catch((err: unknown) => ({ code: null, output: errorMessage(err) }));
    // Re-check even on failure: a concurrent start may have created the user first.
    const user = await lookupUser();
    if (user) return user;
    failures.push(`${command} ${args.join(' ')}: ${result.output || `exit ${result.code}`}`);
  }
  throw new Error(`PostgreSQL refuses to run as root and the system user "${OS_USER}" could not be created:\n${failures.join('\n')}`);
}

async function lookupUser(): Promise<OsUser | null> {
  const uid = await run('id', ['-u', OS_USER], { timeoutMs: 10_000 });
  const gid = await run('id', ['-g', OS_USER], { timeoutMs: 10_000 });
  if (uid.code !== 0 || gid.code !== 0) return null;
  return { uid: Number(uid.output), gid: Number(gid.output) };
}

/** Every directory from / down to target. */
function chain(target: string): string[] {
  const parts: string[] = [];
  for (let p = target; ; p = path.dirname(p)) {
    parts.unshift(p);
    if (p === path.dirname(p)) return parts;
  }
}

/** The first of these directories the server's user cannot enter, or null. */
async function firstBlocked(user: OsUser, targets: string[]): Promise<string | null> {
  const script = 'for d do [ -x "$d" ] || { printf %s "$d"; exit 1; }; done';
  const result = await run('/bin/sh', ['-c', script, 'sh', ...targets], { user, cwd: '/', timeoutMs: 10_000 });
  return result.code === 0 ? null : result.output || targets[0] || '/';
}

export async function own(file: string, user: OsUser | undefined): Promise<void> {
  if (user) await chown(file, user.uid, user.gid);
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export interface RunResult {
  code: number | null;
  output: string;
}

/** Runs a command to completion (killed after timeoutMs); stdout and stderr are returned interleaved. */
export function run(file: string, args: string[], opts: { user?: OsUser; cwd?: string; timeoutMs: number }): Promise<RunResult> {
  // PG* variables would retarget pg_ctl/initdb; LC_ALL=C keeps messages and initdb's libc locale predictable.
  const env = childEnvironment((name) => name.startsWith('PG'));
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: opts.cwd,
      env: { ...env, LC_ALL: 'C' },
      uid: opts.user?.uid,
      gid: opts.user?.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-16_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      output += `\n(killed after ${opts.timeoutMs / 1000}s)`;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}
