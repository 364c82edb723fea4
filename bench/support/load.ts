/**
 * The load harness the HTTP benchmarks share (orders, bookings, home, storefront): a scratch
 * PostgreSQL, the real app serving HTTP on loopback in a worker thread (with a trivial JSON endpoint
 * to compare against), keep-alive clients in closed loops, and the figures they print.
 *
 * A benchmark file runs in both threads: its main thread loads data and drives the clients; the
 * worker runs the same file, which calls `serve` instead:
 *
 *   if (isMainThread) await main();
 *   else await serve(workerData as ServeOptions);
 *
 * and the main thread starts it with `startServer(import.meta.url, { databaseUrl, dataDir })`.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';
import { buildApp } from '../../src/server/app';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-server';
import { loadConfig } from '../../src/server/env';
import { scratchDatabase } from './scratch-database';

export const BENCH_PASSWORD = 'bench-password-not-secret';
export const BENCH_JWT_SECRET = 'bench-jwt-secret-that-is-long-enough-0123456789';
/** The first moments of every measured loop that are not counted (see `closedLoop`). */
export const SETTLE_MS = 300;

/** md5 of a SQL text expression, shaped as a version-4 UUID (the API's contracts check the version and variant). */
export const sqlUuid = (name: string) => `overlay(overlay(md5(${name}) placing '4' from 13) placing '8' from 17)::uuid`;

// ---- The database ---------------------------------------------------------------------------------

export interface BenchDatabase {
  url: string;
  /** "embedded" or "BENCH_DATABASE_URL". */
  kind: string;
  cleanup(): Promise<void>;
}

/**
 * A scratch database: on the server named by BENCH_DATABASE_URL (created here, dropped by `cleanup`),
 * or an embedded PostgreSQL in a temporary folder. `name` tells one benchmark's leftovers from another's.
 */
export async function benchDatabase(name: string): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    const { url, drop } = await scratchDatabase(external, `bench_${name}`);
    return { url, kind: 'BENCH_DATABASE_URL', cleanup: drop };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `td-bench-${name}-`));
  chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, log: { info: () => {}, warn: (m) => console.warn(m), error: (m) => console.error(m) } });
  const { host, port, user, password, database } = embedded.connection;
  return {
    url: `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@localhost:${port}/${database}?host=${encodeURIComponent(host)}`,
    kind: 'embedded',
    async cleanup() {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---- The server (worker thread) -------------------------------------------------------------------

export interface ServeOptions {
  databaseUrl: string;
  dataDir: string;
  /** More settings for `loadConfig`, over the harness's own. */
  env?: Record<string, string>;
}

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * In the worker: the app as main.ts runs it, plus `GET /bench/trivial`, the endpoint the figures are
 * compared with; `extend` adds a benchmark's own routes before it listens. Closes on the message "close".
 */
export async function serve({ databaseUrl, dataDir, env = {} }: ServeOptions, extend?: (app: App) => void | Promise<void>): Promise<void> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JWT_SECRET: BENCH_JWT_SECRET, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), DB_POOL_MAX: '16',
    ...env,
  });
  const app = await buildApp({ config, logger: false });
  app.get('/bench/trivial', async () => ({ ok: true, at: Date.now() }));
  await extend?.(app);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  parentPort!.postMessage({ origin });
  parentPort!.on('message', (message) => {
    if (message === 'close') void app.close().then(() => parentPort!.postMessage('closed'));
  });
}

/**
 * The worker's entry for the benchmark file at `callerUrl` (its `import.meta.url`). Node 20 does not
 * hand a worker the TypeScript loader this process started with, so a small JavaScript entry
 * registers it (with the server's tsconfig, for the path aliases), then imports that file.
 */
export function serverEntry(callerUrl: string): URL {
  const code = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
register({ tsconfig: ${JSON.stringify(fileURLToPath(new URL('../../tsconfig.node.json', import.meta.url)))} });
await import(${JSON.stringify(callerUrl)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

export interface BenchServer {
  origin: string;
  /** Closes the app (at most 10 s) and ends the worker. */
  stop(): Promise<void>;
}

/** Starts the benchmark file at `callerUrl` in a worker (where it calls `serve`) and waits for it to listen. */
export async function startServer(callerUrl: string, options: ServeOptions): Promise<BenchServer> {
  const worker = new Worker(serverEntry(callerUrl), { workerData: options });
  const stop = async () => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      worker.on('message', (message) => message === 'closed' && (clearTimeout(timer), resolve()));
      worker.on('exit', () => (clearTimeout(timer), resolve()));
      worker.postMessage('close');
    });
    await worker.terminate();
  };
  try {
    const { origin } = await new Promise<{ origin: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    return { origin, stop };
  } catch (error) {
    await worker.terminate();
    throw error;
  }
}

// ---- Clients --------------------------------------------------------------------------------------

export interface Answer {
  status: number;
  body: string;
}

export function send(agent: http.Agent, origin: string, method: string, urlPath: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${origin}${urlPath}`,
      { method, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A GET whose answer is read to its end and dropped: the measured clients need only its status. */
export function hit(agent: http.Agent, origin: string, urlPath: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${urlPath}`, { agent, headers }, (response) => {
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
      response.resume();
    });
    request.on('error', reject);
  });
}

/** Signs in with the bench password and answers the `authorization` header of the session. */
export async function signIn(origin: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const agent = new http.Agent({ keepAlive: false });
  const answer = await send(agent, origin, 'POST', '/api/v1/auth/sign-in', {}, { email, password });
  agent.destroy();
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.body}`);
  return `Bearer ${(JSON.parse(answer.body) as { token: string }).token}`;
}

export const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

// ---- CPU -----------------------------------------------------------------------------------------

/**
 * CPU time so far, in ms, of this process's main thread (the benchmark's clients), of its other threads
 * (the server's worker thread, and V8's and libuv's helpers the two threads share), of every process named
 * `postgres` on the machine (the benchmark's server is the only busy one), and of the whole machine
 * (busy and idle, from /proc/stat). PostgreSQL's share is also told apart: its background processes
 * (WAL writer, checkpointer, autovacuum… by their process titles) and, of all its processes, the time
 * spent in the kernel (socket reads and writes, WAL flushes). Linux only: elsewhere, none.
 */
export interface CpuTimes {
  clients: number;
  server: number;
  postgres: number;
  postgresBackground: number;
  postgresKernel: number;
  machineBusy: number;
  machineIdle: number;
}

/** Nothing yet: where a sum of runs starts. */
const NO_CPU: CpuTimes = { clients: 0, server: 0, postgres: 0, postgresBackground: 0, postgresKernel: 0, machineBusy: 0, machineIdle: 0 };

const TICK_MS = 10; // USER_HZ is 100 on every Linux the benchmarks run on (`getconf CLK_TCK`).

/** utime, stime and start time (in ticks: with the pid, it names the process) of a /proc stat line (the fields after the command's closing parenthesis). */
function statCpu(statLine: string): { user: number; kernel: number; started: string } {
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * TICK_MS, kernel: Number(fields[12]) * TICK_MS, started: fields[19]! };
}

/** PostgreSQL's processes that serve no connection, by the titles they set (`postgres: walwriter`). */
const POSTGRES_BACKGROUND = /^postgres: (walwriter|checkpointer|background writer|autovacuum|logical replication|walsummarizer|io worker|archiver|startup)/;

const readOrEmpty = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // a thread or process that ended between the listing and the read
  }
};

/** One thread's or process's CPU so far, in ms. */
interface TaskCpu {
  side: 'clients' | 'server' | 'postgres';
  background: boolean;
  user: number;
  kernel: number;
}

/** The counters at one moment: the machine's, and each task's under its id and start time. */
interface CpuReading {
  machineBusy: number;
  machineIdle: number;
  tasks: Map<string, TaskCpu>;
}

function readCpu(): CpuReading | undefined {
  let machine: string;
  try {
    machine = readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  const [, user, nice, system, idle, iowait, irq, softirq, steal] = machine.slice(0, machine.indexOf('\n')).split(/\s+/).map(Number);
  const tasks = new Map<string, TaskCpu>();
  for (const tid of readdirSync('/proc/self/task')) {
    const line = readOrEmpty(`/proc/self/task/${tid}/stat`);
    if (!line) continue;
    const { user, kernel, started } = statCpu(line);
    tasks.set(`${tid}@${started}`, { side: Number(tid) === process.pid ? 'clients' : 'server', background: false, user, kernel });
  }
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const line = readOrEmpty(`/proc/${pid}/stat`);
    if (!line.includes(' (postgres) ')) continue;
    const { user, kernel, started } = statCpu(line);
    tasks.set(`${pid}@${started}`, { side: 'postgres', background: POSTGRES_BACKGROUND.test(readOrEmpty(`/proc/${pid}/cmdline`)), user, kernel });
  }
  return {
    machineBusy: (user! + nice! + system! + irq! + softirq! + steal!) * TICK_MS, machineIdle: (idle! + iowait!) * TICK_MS, tasks,
  };
}

/**
 * The CPU used between two readings. Each task counts what it used since the first (all of it if it
 * started since); one that ended in between is left out, as its last figures cannot be read: taking
 * its earlier total off the sum would count less than nothing (an autovacuum worker's exit did).
 */
function cpuBetween(start: CpuReading | undefined, end: CpuReading | undefined): CpuTimes | undefined {
  if (!start || !end) return undefined;
  const times: CpuTimes = { ...NO_CPU, machineBusy: end.machineBusy - start.machineBusy, machineIdle: end.machineIdle - start.machineIdle };
  for (const [id, task] of end.tasks) {
    const before = start.tasks.get(id);
    const used = task.user - (before?.user ?? 0) + task.kernel - (before?.kernel ?? 0);
    times[task.side] += used;
    if (task.side !== 'postgres') continue;
    times.postgresKernel += task.kernel - (before?.kernel ?? 0);
    if (task.background) times.postgresBackground += used;
  }
  return times;
}

/** `a + b`, field by field (none if either is none): runs taken together. */
function addCpu(a: CpuTimes | undefined, b: CpuTimes | undefined): CpuTimes | undefined {
  if (!a || !b) return undefined;
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof CpuTimes)[]) sum[key] += b[key];
  return sum;
}

/** A run's CPU per answered request, in µs, and how busy the machine was: where an endpoint's time goes. */
export function cpuText(run: Run): string {
  const { cpu, requests } = run;
  if (!cpu || requests === 0) return 'CPU not measured (no /proc)';
  const per = (value: number) => `${Math.round((1000 * value) / requests)}`;
  const busy = cpu.machineBusy / (cpu.machineBusy + cpu.machineIdle);
  return `CPU per request: clients ${per(cpu.clients)} µs, server ${per(cpu.server)} µs, ` +
    `PostgreSQL ${per(cpu.postgres)} µs (background processes ${per(cpu.postgresBackground)}, in the kernel ${per(cpu.postgresKernel)}), ` +
    `whole machine ${per(cpu.machineBusy)} µs (machine ${(100 * busy).toFixed(0)} % busy)`;
}

// ---- Loops and figures ----------------------------------------------------------------------------

export interface Run {
  /** CPU used while the requests were counted (see `CpuTimes`). */
  cpu?: CpuTimes;
  requests: number;
  failures: number;
  /** Failed answers by status ("0": no answer). */
  failed: Record<string, number>;
  perSecond: number;
  p50: number;
  p99: number;
  latencies: number[];
  elapsedMs: number;
}

export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/** Runs of one kind taken together: all their latencies, and requests over the time they took. */
export function combined(runs: Run[]): Run {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const elapsed = runs.reduce((sum, run) => sum + run.elapsedMs, 0);
  const failed: Record<string, number> = {};
  for (const run of runs) for (const [status, n] of Object.entries(run.failed)) failed[status] = (failed[status] ?? 0) + n;
  const cpu = runs.reduce<CpuTimes | undefined>((sum, run) => addCpu(sum, run.cpu), NO_CPU);
  return {
    cpu,
    requests: latencies.length,
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    failed,
    perSecond: (latencies.length / elapsed) * 1000,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    latencies,
    elapsedMs: elapsed,
  };
}

/**
 * `connections` clients, each sending its next request when the last one is answered, for `ms`;
 * `next` answers the status, `expected` is the one that counts as success. The first SETTLE_MS are
 * not counted: opening the connections and the server switching from one endpoint to another
 * (V8 re-optimising) are not an endpoint's steady cost. `next` answers null when it has nothing left
 * to send (a finite supply, as bookings to confirm): that client stops, and the run ends with the
 * last answer. Looping on instantly-resolved promises instead would starve this thread's sockets,
 * and the answers still on their way would wait for the deadline.
 */
export async function closedLoop(connections: number, ms: number, expected: number, next: (agent: http.Agent) => Promise<number | null>): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  let failures = 0;
  const started = performance.now() + SETTLE_MS;
  const deadline = started + ms;
  const cpuAtStart = new Promise<CpuReading | undefined>((resolve) => setTimeout(() => resolve(readCpu()), SETTLE_MS));
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const before = performance.now();
        const status = await next(agent).catch(() => 0);
        if (status === null) return;
        if (before < started) continue;
        if (status === expected) {
          latencies.push(performance.now() - before);
        } else {
          failures++;
          failed[status] = (failed[status] ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = performance.now() - started;
  const cpu = cpuBetween(await cpuAtStart, readCpu());
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { cpu, requests: latencies.length, failures, failed, perSecond: (latencies.length / elapsed) * 1000, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), latencies, elapsedMs: elapsed };
}

/**
 * Each endpoint measured in `rounds` rounds of `roundMs`, alternating with the others so a busy
 * moment of the machine weighs on all alike (after a warm-up loop of each); answers each one's runs
 * taken together.
 */
export async function alternatingRounds<K extends string>(
  endpoints: Record<K, (agent: http.Agent) => Promise<number>>,
  { connections, rounds, roundMs, warmUpMs, expected = 200 }: { connections: number; rounds: number; roundMs: number; warmUpMs: number; expected?: number },
): Promise<Record<K, Run>> {
  const names = Object.keys(endpoints) as K[];
  for (const name of names) await closedLoop(connections, warmUpMs, expected, endpoints[name]);
  const runs = Object.fromEntries(names.map((name) => [name, [] as Run[]])) as Record<K, Run[]>;
  for (let round = 0; round < rounds; round++) {
    for (const name of names) runs[name].push(await closedLoop(connections, roundMs, expected, endpoints[name]));
  }
  return Object.fromEntries(names.map((name) => [name, combined(runs[name])])) as Record<K, Run>;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const failureText = (run: Run) => (run.failures === 0 ? '0 failed' : `failed: ${Object.entries(run.failed).map(([status, n]) => `${n}× ${status === '0' ? 'no answer' : status}`).join(', ')}`);
export const count = (value: number) => Math.round(value).toLocaleString('en');
export const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
