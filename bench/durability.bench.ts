/**
 * Durability: clients place orders in a tight loop while the server is killed with SIGKILL at a
 * random moment (on the embedded default, its PostgreSQL too, at the same instant), then started
 * again; every order a client saw acknowledged must exist afterwards with all its lines and its
 * history. Prints acknowledged, lost and partial orders and the restart times.
 *
 *   npm run bench:durability                                   # embedded PostgreSQL, 30 cycles
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:durability
 *       # a scratch database on that server (dropped afterwards); only the app is killed
 *   DURABILITY_CYCLES=5 npm run bench:durability               # fewer cycles while developing
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../src/testing/source-server';
import os from 'node:os';
import path from 'node:path';
import { DEMO_TRUCK_IDS } from '../src/server/demo/demo-trucks';
import { demoScratchDatabase } from './support/scratch-database';

const CYCLES = Number(process.env.DURABILITY_CYCLES ?? 30);
const CLIENTS = 8;
const JWT_SECRET = 'bench-jwt-secret-that-is-long-enough-0123456789';
const SLUG = 'saj-station';

interface Sent {
  id: string;
  lines: number;
}

interface Running {
  child: ChildProcess;
  output(): string;
  startedMs: number;
}

async function start(env: Record<string, string>, origin: string): Promise<Running> {
  const began = performance.now();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log.slice(-3000)}`);
    const healthy = await fetch(`${origin}/api/v1/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (performance.now() - began > 120_000) throw new Error(`server did not become healthy:\n${log.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => log, startedMs: performance.now() - began };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function main(): Promise<void> {
  const external = process.env.BENCH_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-durability-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  let demoPassword: string | undefined;
  if (external) ({ url: databaseUrl, drop: dropDatabase, vendorPassword: demoPassword } = await demoScratchDatabase(external, 'durability', dataDir));
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Each client stands for customers behind one proxy hop, so the per-address intake limit stays out of it.
    TRUST_PROXY_HOPS: '1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };

  let server = await start(env, origin);
  demoPassword ??= /Demo sign-in \(Vendor\): \S+ \/ ([\w-]+)/.exec(server.output())?.[1];
  if (!demoPassword) throw new Error('no demo vendor sign-in in the server output');
  const signIn = async () =>
    (await json<{ token: string }>(await fetch(`${origin}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'vendor@truckdesk.demo', password: demoPassword }),
    }))).token;
  const menu = await json<{ categories: { items: { id: string; available: boolean; optionGroups: { required: boolean }[] }[] }[] }>(
    await fetch(`${origin}/api/v1/public/trucks/${SLUG}/menu`),
  );
  const truckId = DEMO_TRUCK_IDS.approved;
  const items = menu.categories.flatMap((c) => c.items).filter((item) => item.available && item.optionGroups.every((g) => !g.required));
  if (items.length < 2) throw new Error('the demo menu has too few simple items');

  const acked: Sent[] = [];
  const restarts: number[] = [];
  const refusedWhileUp: Record<string, number> = {};
  let attempts = 0;
  const startedAll = performance.now();

  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    let stop = false;
    const ackedBefore = acked.length;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (!stop) {
        const lines = 1 + Math.floor(Math.random() * 3);
        const body = {
          lines: Array.from({ length: lines }, (_, i) => ({ itemId: items[i % items.length]!.id, qty: 1 + Math.floor(Math.random() * 3) })),
          customer: { name: 'Durability', phone: '+96555512345' },
          type: 'pickup',
          paymentMethod: 'cash',
        };
        attempts++;
        try {
          const res = await fetch(`${origin}/api/v1/public/trucks/${SLUG}/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]! || 1}`, 'idempotency-key': randomUUID() },
            body: JSON.stringify(body),
          });
          const text = await res.text();
          if (res.status === 201 || res.status === 200) acked.push({ id: (JSON.parse(text) as { id: string }).id, lines });
          else refusedWhileUp[res.status] = (refusedWhileUp[res.status] ?? 0) + 1;
        } catch {
          // The server died under this request: not acknowledged, so nothing is owed.
        }
      }
    });
    // Killed while orders flow: once this cycle's first order is acknowledged, at a random moment of the next 2 s.
    for (let waited = 0; acked.length === ackedBefore && waited < 30_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 2_000));
    const pgPid = external ? undefined : postmasterPid(dataDir);
    server.child.kill('SIGKILL');
    if (pgPid) process.kill(pgPid, 'SIGKILL');
    stop = true;
    await Promise.all(clients);
    await exited(server.child);
    server = await start(env, origin);
    restarts.push(server.startedMs);
    process.stdout.write(`cycle ${cycle}/${CYCLES}: ${acked.length} acknowledged so far, restart ${(server.startedMs / 1000).toFixed(1)} s, refused ${JSON.stringify(refusedWhileUp)}\n`);
  }

  // Every acknowledged order, read back as the vendor.
  const token = await signIn();
  let lost = 0;
  let partial = 0;
  const problems: string[] = [];
  for (const order of acked) {
    const res = await fetch(`${origin}/api/v1/trucks/${truckId}/orders/${order.id}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status === 404) {
      lost++;
      problems.push(`lost ${order.id}: ${await res.text()}`);
      continue;
    }
    const found = await json<{ lines: unknown[]; history: unknown[] }>(res);
    if (found.lines.length !== order.lines || found.history.length === 0) {
      partial++;
      problems.push(`partial ${order.id}: ${found.lines.length}/${order.lines} lines, ${found.history.length} history entries`);
    }
  }
  server.child.kill('SIGTERM');
  await exited(server.child);
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });

  const sorted = [...restarts].sort((a, b) => a - b);
  const pct = (p: number) => ((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN) / 1000).toFixed(1);
  console.log(`\nDurability on ${external ? 'PostgreSQL at BENCH_DATABASE_URL (the app killed)' : 'the embedded PostgreSQL (the app and PostgreSQL killed)'}`);
  console.log(`  cycles:        ${CYCLES} kill -9 at random moments, ${CLIENTS} clients placing orders, ${((performance.now() - startedAll) / 1000).toFixed(0)} s in all`);
  console.log(`  attempts:      ${attempts} (refused while up: ${JSON.stringify(refusedWhileUp)})`);
  console.log(`  acknowledged:  ${acked.length}`);
  console.log(`  lost:          ${lost}`);
  console.log(`  partial:       ${partial}`);
  console.log(`  restart time:  median ${pct(0.5)} s, max ${pct(1)} s (process start to a healthy /health)`);
  if (problems.length) console.log(problems.slice(0, 20).join('\n'));
  process.exitCode = lost + partial > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
