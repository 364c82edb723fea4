/**
 * Mixed load over rounds: 64 clients on loopback, reads (public menu and availability, the vendor's
 * order lists, counts and desk) and order creates, in rounds back to back against one server
 * process. Prints each round's throughput, the p50 of each kind of request, the CPU the server (and,
 * embedded, its PostgreSQL) spent per request, and the server's heap and RSS after the round, with
 * each round's ratio to the first: a server that degrades as orders accumulate, or that grows a cache
 * or leaks, shows it here. A warm-up (the mix, untimed and not counted) comes first. Every 5xx is
 * counted per round and printed with the server's error lines: any 5xx, in the warm-up too, fails the
 * bench (exit code 1). A round off by more than ±10 % of round 1 is flagged, not failed (a shared
 * machine's noise).
 *
 *   npm run bench:mixed                                   # embedded PostgreSQL, three 60 s rounds
 *   MIXED_ROUND_S=20 MIXED_ROUNDS=3 npm run bench:mixed   # shorter rounds, or more of them
 *   MIXED_PREFILL=8000 npm run bench:mixed                # place that many orders first (not timed), as after a few busy days
 *   MIXED_WARMUP_S=10                                     # the mix, untimed, before round 1 (default 10; 0: none)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:mixed   # a scratch database on that server (CPU: the server's alone)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { freePort } from '../src/testing/source-server';
import os from 'node:os';
import path from 'node:path';
import { DEMO_TRUCK_IDS } from '../src/server/demo/demo-trucks';
import { demoScratchDatabase } from './support/scratch-database';

const ROUNDS = Number(process.env.MIXED_ROUNDS ?? 3);
const ROUND_MS = Number(process.env.MIXED_ROUND_S ?? 60) * 1000;
const PREFILL = Number(process.env.MIXED_PREFILL ?? 0);
// A cold process (code not yet compiled by V8, empty caches) would make round 1 the slow one.
const WARM_UP_MS = Number(process.env.MIXED_WARMUP_S ?? 10) * 1000;
const CLIENTS = 64;
const SLUG = 'saj-station';
const METRICS_TOKEN = randomBytes(16).toString('hex');

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
} catch {
  // Linux's usual value.
}

/**
 * CPU milliseconds of a process and all its descendants, from /proc. Each one's count includes its
 * children that already exited (the postmaster's finished backends), so a round's difference holds
 * every process that ran in it.
 */
function cpuMs(pid: number): number {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // After the command's name in parentheses: state, parent, …, utime (12th), stime, cutime, cstime.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    stats.set(Number(entry), { parent: Number(fields[1]), ticks });
  }
  const inTree = (candidate: number): boolean => {
    for (let at: number | undefined = candidate; at !== undefined && at > 1; at = stats.get(at)?.parent) if (at === pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [candidate, stat] of stats) if (inTree(candidate)) ticks += stat.ticks;
  return (ticks * 1000) / ticksPerSecond;
}

/** The embedded PostgreSQL's postmaster: pg_ctl starts it detached, so it is no child of the server. */
function postmasterPid(dataDir: string): number | null {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  // Where the cluster lives when DATA_DIR was too long for its socket (src/server/db/embedded-server.ts).
  const root = read(path.join(dataDir, 'postgres-location')).trim() || dataDir;
  return Number(read(path.join(root, 'postgres', 'postmaster.pid')).split('\n')[0]) || null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops the server the bench started, gracefully, forcibly after 30 s; then its embedded PostgreSQL
 * if it is still up: a server stopped while starting exits before it has a shutdown to run, and
 * pg_ctl started the cluster detached, so it would stay.
 */
async function stop(child: ChildProcess | undefined, dataDir: string): Promise<void> {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(forced);
  }
  const postmaster = postmasterPid(dataDir);
  if (postmaster === null || !alive(postmaster)) return;
  process.kill(postmaster, 'SIGINT'); // PostgreSQL's fast shutdown
  for (let waited = 0; alive(postmaster) && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
}

function send(agent: http.Agent, port: number, method: string, urlPath: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', () => resolve({ status: 0, text: '' }));
    request.end(payload);
  });
}

async function main(): Promise<void> {
  const external = process.env.BENCH_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-mixed-'));
  chmodSync(dataDir, 0o755);
  let drop = async () => {};
  let child: ChildProcess | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      agent.destroy();
      await stop(child, dataDir);
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    })());
  // Ctrl-C or a kill of the bench still stops what it started.
  const interrupted = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const port = await freePort();
    let databaseUrl: string | undefined;
    let password: string | undefined;
    if (external) {
      const scratch = await demoScratchDatabase(external, 'mixed', dataDir);
      ({ url: databaseUrl, drop, vendorPassword: password } = scratch);
    }
    let log = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: 'tsconfig.node.json',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
        LOG_LEVEL: 'info',
        WEB_DIST: path.join(dataDir, 'no-web'),
        TRUST_PROXY_HOPS: '1',
        METRICS_TOKEN,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = child;
    /** The server's error-level log lines (pino's JSON, level 50 and up), kept to explain any 5xx. */
    const errorLines: string[] = [];
    let partial = '';
    const read = (chunk: Buffer) => {
      const text = chunk.toString();
      log = (log + text).slice(-20_000);
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (/"level":\s*(5|6)\d/.test(line) && errorLines.length < 50) errorLines.push(line.slice(0, 2_000));
    };
    server.stdout!.on('data', read);
    server.stderr!.on('data', read);
    for (let waited = 0; ; waited += 200) {
      if ((await send(agent, port, 'GET', '/api/v1/health', {})).status === 200) break;
      if (waited > 120_000 || server.exitCode !== null) throw new Error(`server did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    password ??= /Demo sign-in \(Vendor\): \S+ \/ ([\w-]+)/.exec(log)?.[1];
    const signedIn = await send(agent, port, 'POST', '/api/v1/auth/sign-in', { 'x-forwarded-for': '10.0.0.1' }, { email: 'vendor@truckdesk.demo', password });
    if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status} ${signedIn.text}`);
    const token = (JSON.parse(signedIn.text) as { token: string }).token;
    const vendor = { authorization: `Bearer ${token}` };
    const menu = JSON.parse((await send(agent, port, 'GET', `/api/v1/public/trucks/${SLUG}/menu`, {})).text) as {
      categories: { items: { id: string; available: boolean; optionGroups: { required: boolean }[] }[] }[];
    };
    const items = menu.categories.flatMap((c) => c.items).filter((item) => item.available && item.optionGroups.every((g) => !g.required));
    const truck = `/api/v1/trucks/${DEMO_TRUCK_IDS.approved}`;
    const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]! || 1}`;
    const heapMb = async () => {
      const { text } = await send(agent, port, 'GET', '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
      return Number(/^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)/m.exec(text)?.[1] ?? NaN) / 1024 / 1024;
    };

    type Kind = 'create' | 'menu' | 'availability' | 'list' | 'counts' | 'desk';
    const MIX: [Kind, number][] = [['create', 2], ['menu', 2], ['availability', 2], ['list', 2], ['counts', 1], ['desk', 1]];
    const pickKind = (): Kind => {
      let roll = Math.random() * MIX.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [kind, weight] of MIX) if ((roll -= weight) < 0) return kind;
      return 'menu';
    };
    const request = (kind: Kind) => {
      switch (kind) {
        case 'create':
          return send(agent, port, 'POST', `/api/v1/public/trucks/${SLUG}/orders`, { 'x-forwarded-for': ip(), 'idempotency-key': randomUUID() }, {
            lines: [{ itemId: items[Math.floor(Math.random() * items.length)]!.id, qty: 1 }],
            customer: { name: 'Mixed load', phone: '+96555512345' },
            type: 'pickup',
            paymentMethod: 'cash',
          });
        case 'menu':
          return send(agent, port, 'GET', `/api/v1/public/trucks/${SLUG}/menu`, { 'x-forwarded-for': ip() });
        case 'availability':
          return send(agent, port, 'GET', `/api/v1/public/trucks/${SLUG}/availability?lat=29.37&lng=47.98`, { 'x-forwarded-for': ip() });
        case 'list':
          return send(agent, port, 'GET', `${truck}/orders?tab=${Math.random() < 0.5 ? 'pending' : 'completed'}`, vendor);
        case 'counts':
          return send(agent, port, 'GET', `${truck}/orders/counts`, vendor);
        case 'desk':
          return send(agent, port, 'GET', `${truck}/orders/desk`, vendor);
      }
    };

    let placed = 0;
    if (PREFILL > 0) {
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < PREFILL) {
            next++;
            const { status } = await request('create');
            if (status >= 200 && status < 300) placed++;
          }
        }),
      );
      process.stdout.write(`prefill: ${placed} of ${PREFILL} orders placed in ${((performance.now() - started) / 1000).toFixed(0)} s (not timed)\n`);
    }

    /** The mix from 64 clients for this long: what went through, how fast, and what failed. */
    async function mixFor(ms: number) {
      const deadline = performance.now() + ms;
      const started = performance.now();
      let done = 0;
      const failed: Record<string, number> = {};
      let serverErrors = 0;
      const latencies = Object.fromEntries(MIX.map(([kind]) => [kind, [] as number[]])) as Record<Kind, number[]>;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < deadline) {
            const kind = pickKind();
            const before = performance.now();
            const { status } = await request(kind);
            if (status >= 200 && status < 300) {
              done++;
              if (kind === 'create') placed++;
              latencies[kind].push(performance.now() - before);
            } else {
              failed[`${kind} ${status}`] = (failed[`${kind} ${status}`] ?? 0) + 1;
              // No answer at all (status 0: a reset or refused connection) counts with the 5xx.
              if (status >= 500 || status === 0) serverErrors++;
            }
          }
        }),
      );
      return { done, failed, serverErrors, latencies, elapsed: performance.now() - started };
    }

    let serverErrorsInAll = 0;
    if (WARM_UP_MS > 0) {
      const warmUp = await mixFor(WARM_UP_MS);
      serverErrorsInAll += warmUp.serverErrors;
      process.stdout.write(
        `warm-up: ${(WARM_UP_MS / 1000).toFixed(0)} s of the mix, not counted in the rounds; ${warmUp.done} answered, 5xx ${warmUp.serverErrors}, failed ${JSON.stringify(warmUp.failed)}\n`,
      );
    }
    const postgres = external ? null : postmasterPid(dataDir);
    const rounds: { perSecond: number; rss: number; heap: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const ordersBefore = placed;
      const cpuBefore = { server: cpuMs(server.pid!), database: postgres ? cpuMs(postgres) : 0 };
      const { done, failed, serverErrors, latencies, elapsed } = await mixFor(ROUND_MS);
      serverErrorsInAll += serverErrors;
      const cpuAfter = { server: cpuMs(server.pid!), database: postgres ? cpuMs(postgres) : 0 };
      const result = { perSecond: (done / elapsed) * 1000, rss: rssMb(server.pid!), heap: await heapMb() };
      rounds.push(result);
      const ratio = result.perSecond / rounds[0]!.perSecond;
      const p50s = MIX.map(([kind]) => `${kind} ${median(latencies[kind]).toFixed(1)}`).join(', ');
      const database = postgres ? `, PostgreSQL ${((cpuAfter.database - cpuBefore.database) / done).toFixed(2)} ms` : '';
      process.stdout.write(
        `round ${round}: ${result.perSecond.toFixed(0)} req/s (×${ratio.toFixed(2)} of round 1${Math.abs(ratio - 1) > 0.1 ? ', OUTSIDE ±10 %' : ''}), ${placed - ordersBefore} orders placed (${placed} in all), 5xx ${serverErrors}, failed ${JSON.stringify(failed)}\n` +
          `  p50 ms: ${p50s}\n` +
          `  CPU per request: server ${((cpuAfter.server - cpuBefore.server) / done).toFixed(2)} ms${database}; heap used ${result.heap.toFixed(0)} MB, RSS ${result.rss.toFixed(0)} MB\n`,
      );
    }
    const throughputs = rounds.map((r) => r.perSecond);
    const spread = (Math.max(...throughputs) - Math.min(...throughputs)) / rounds[0]!.perSecond;
    const furthest = Math.max(...throughputs.map((perSecond) => Math.abs(perSecond / rounds[0]!.perSecond - 1)));
    console.log(
      `\nthroughput spread over ${ROUNDS} rounds: ${(spread * 100).toFixed(1)} % of round 1; furthest round ${(furthest * 100).toFixed(1)} % from round 1 ` +
        `(target ±10 %: ${furthest <= 0.1 ? 'within' : 'OUTSIDE'}); ` +
        `heap ${rounds.map((r) => r.heap.toFixed(0)).join(' → ')} MB; RSS ${rounds.map((r) => r.rss.toFixed(0)).join(' → ')} MB`,
    );
    console.log(`5xx (and unanswered requests) in all: ${serverErrorsInAll}`);
    if (errorLines.length > 0) console.log(`the server's error lines (first ${errorLines.length}):\n${errorLines.join('\n')}`);
    if (serverErrorsInAll > 0) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
