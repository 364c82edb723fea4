/**
 * The server as `npm run dev` runs it (src/server/main.ts under tsx, no build needed), in its own
 * process on a free port: for the API tests that need the process itself (workers, signals, the
 * backup CLI beside a running app). Its standard output and error are kept; `stop` sends SIGTERM to
 * this one process (by its pid) and waits for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface SourceServer {
  url: string;
  process: ChildProcess;
  /** Everything it printed so far (standard output and error). */
  output(): string;
  /** Its JSON log lines so far (LOG_FORMAT=json). */
  logLines(): Record<string, unknown>[];
  /** SIGTERM, then its exit code (or the signal that ended it). */
  stop(): Promise<number | string | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Runs `script` (a path under the repository) with tsx and the server's tsconfig, as npm's scripts do.
 * `processGroup`: in a process group of its own (its pid is the group's), as a shell runs a job, so
 * a signal can go to the whole group as a terminal's hangup does.
 */
export function spawnTs(script: string, args: string[], env: Record<string, string>, options: { processGroup?: boolean } = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, script), ...args], {
    cwd: repoRoot,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(repoRoot, 'tsconfig.node.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.processGroup ?? false,
  });
}

/** Waits for `child` to exit; answers its code, or the signal that ended it. */
export function exited(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

/**
 * Starts src/server/main.ts with `env` (over: 127.0.0.1, a free port, JSON logs at info, no demo order
 * simulator, no web build) and waits until it prints that it is running (with WORKERS, once every
 * worker listens).
 */
/** main.ts's environment for a test on `port`: JSON logs, no web build, no simulator; `env` on top. */
export function sourceServerEnv(port: number, env: Record<string, string>): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    DEMO_SIMULATOR: 'off',
    WEB_DIST: path.join(repoRoot, '.cache', 'no-web'),
    ...env,
  };
}

/** Whether a process runs; zombies count as dead (this container's init reaps orphans lazily). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

export async function startSourceServer(env: Record<string, string>, options: { processGroup?: boolean } = {}): Promise<SourceServer> {
  const timeoutMs = 150_000;
  const port = await freePort();
  const child = spawnTs('src/server/main.ts', [], sourceServerEnv(port, env), options);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: SourceServer = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    logLines: () =>
      output.split('\n').flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited(child);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('TruckDesk is running at')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before listening:\n${output}`);
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not listen within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server;
}

/**
 * A GET on a connection of its own (closed after it), so that with several workers each request
 * may land on another one. Answers the status, headers and body.
 */
export function getOnNewConnection(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { connection: 'close', ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The database URL a server process is given for a pool's settings (a unix socket as `?host=`). */
export function databaseUrlOf(connection: pg.PoolConfig): string {
  if (connection.connectionString) return connection.connectionString;
  const { host = '', port = 5432, user = '', database = '' } = connection;
  const password = typeof connection.password === 'string' ? connection.password : '';
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@localhost:${port}/${database}?host=${encodeURIComponent(host)}`;
}
