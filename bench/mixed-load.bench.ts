/**
 * Mixed load over rounds: 64 clients on loopback, reads (public menu and availability, the vendor's
 * order lists, counts and desk) and order creates, in three rounds back to back against one server
 * process. Prints each round's throughput, the public availability p50 and the server's RSS after
 * the round, with each round's ratio to the first: a server that degrades as orders accumulate, or
 * that grows a cache or leaks, shows it here. Asserts nothing.
 *
 *   npm run bench:mixed                                   # embedded PostgreSQL, three 60 s rounds
 *   MIXED_ROUND_S=20 npm run bench:mixed                  # shorter rounds while developing
 *   BENCH_DATABASE_URL=postgres://… npm run bench:mixed   # a scratch database on that server
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { freePort } from '../src/testing/source-server';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { wrapPool } from '../src/server/db/database';
import { seedDemoData } from '../src/server/demo/demo-data';
import { DEMO_TRUCK_IDS } from '../src/server/demo/demo-trucks';
import { runMigrations } from '../src/server/db/migrate';

const ROUNDS = 3;
const ROUND_MS = Number(process.env.MIXED_ROUND_S ?? 60) * 1000;
const CLIENTS = 64;
const SLUG = 'saj-station';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

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
  const port = await freePort();
  let databaseUrl: string | undefined;
  let password: string | undefined;
  let drop = async () => {};
  if (external) {
    const name = `truckdesk_mixed_${process.pid}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const database = wrapPool('external', new pg.Pool({ connectionString: databaseUrl, max: 2 }));
    await runMigrations(database.pool);
    await seedDemoData(database.db, { info: (line) => (password ??= /Vendor\): \S+ \/ ([\w-]+)/.exec(line)?.[1]) }, path.join(dataDir, 'uploads'));
    await database.close();
    drop = async () => {
      const dropper = new pg.Client({ connectionString: external });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  for (let waited = 0; ; waited += 200) {
    if ((await send(agent, port, 'GET', '/api/v1/health', {})).status === 200) break;
    if (waited > 120_000 || child.exitCode !== null) throw new Error(`server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  password ??= /Demo sign-in \(Vendor\): \S+ \/ ([\w-]+)/.exec(log)?.[1];
  const signedIn = await send(agent, port, 'POST', '/api/v1/auth/sign-in', { 'x-forwarded-for': '10.0.0.1' }, { email: 'vendor@truckdesk.demo', password });
  const token = (JSON.parse(signedIn.text) as { token: string }).token;
  const vendor = { authorization: `Bearer ${token}` };
  const menu = JSON.parse((await send(agent, port, 'GET', `/api/v1/public/trucks/${SLUG}/menu`, {})).text) as {
    categories: { items: { id: string; available: boolean; optionGroups: { required: boolean }[] }[] }[];
  };
  const items = menu.categories.flatMap((c) => c.items).filter((item) => item.available && item.optionGroups.every((g) => !g.required));
  const truck = `/api/v1/trucks/${DEMO_TRUCK_IDS.approved}`;
  const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]! || 1}`;

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

  const rounds: { perSecond: number; availabilityP50: number; rss: number; failed: Record<string, number>; orders: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const deadline = performance.now() + ROUND_MS;
    const started = performance.now();
    let done = 0;
    let created = 0;
    const failed: Record<string, number> = {};
    const availability: number[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < deadline) {
          const kind = pickKind();
          const before = performance.now();
          const { status } = await request(kind);
          if (status >= 200 && status < 300) {
            done++;
            if (kind === 'create') created++;
            if (kind === 'availability') availability.push(performance.now() - before);
          } else failed[`${kind} ${status}`] = (failed[`${kind} ${status}`] ?? 0) + 1;
        }
      }),
    );
    availability.sort((a, b) => a - b);
    const result = {
      perSecond: (done / (performance.now() - started)) * 1000,
      availabilityP50: availability[Math.floor(availability.length / 2)] ?? NaN,
      rss: rssMb(child.pid!),
      failed,
      orders: created,
    };
    rounds.push(result);
    const ratio = result.perSecond / rounds[0]!.perSecond;
    process.stdout.write(
      `round ${round}: ${result.perSecond.toFixed(0)} req/s (×${ratio.toFixed(2)} of round 1), ${result.orders} orders placed, ` +
        `availability p50 ${result.availabilityP50.toFixed(1)} ms, server RSS ${result.rss.toFixed(0)} MB, failed ${JSON.stringify(failed)}\n`,
    );
  }
  const throughputs = rounds.map((r) => r.perSecond);
  const spread = (Math.max(...throughputs) - Math.min(...throughputs)) / rounds[0]!.perSecond;
  console.log(`\nthroughput spread over ${ROUNDS} rounds: ${(spread * 100).toFixed(1)} % of round 1 (target ±10 %); RSS ${rounds.map((r) => r.rss.toFixed(0)).join(' → ')} MB`);
  agent.destroy();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
