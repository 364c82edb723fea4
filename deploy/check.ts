/**
 * `npm run deploy:check`: two TruckDesk processes behind a real nginx (deploy/nginx.conf) on one
 * database, and the things that must cross from one process to the other:
 *   - requests through nginx reach both processes;
 *   - an order placed through one process arrives as a live event on a dashboard connected to the
 *     other (directly, and through nginx);
 *   - a sign-out on one process is refused at once on the other.
 * Needs nginx (Debian: apt-get install -y nginx). Prints what it checked; exits 1 on any failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { seedDemoData } from '../src/server/demo/demo-data';
import { DEMO_TRUCK_IDS } from '../src/server/demo/demo-trucks';
import { startEmbeddedPostgres } from '../src/server/db/embedded-server';
import { runMigrations } from '../src/server/db/migrate';
import * as schema from '../src/server/db/schema';
import { freePort } from '../src/testing/source-server';
import { openEventStream } from '../src/testing/sse';
import { findNginx, startNginx } from './nginx';

const root = fileURLToPath(new URL('..', import.meta.url));
const JWT_SECRET = 'deploy-check-secret-that-is-long-enough-0123456789';

/** A GET over HTTP/2 (which fetch does not speak), accepting the check's self-signed certificate. */
function http2Get(url: string): Promise<{ status: number; upstream: string | undefined }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(new URL(url).origin, { rejectUnauthorized: false });
    session.on('error', reject);
    const request = session.request({ ':path': new URL(url).pathname });
    request.on('response', (headers) => {
      resolve({ status: Number(headers[':status']), upstream: headers['x-upstream'] as string | undefined });
      session.close();
    });
    request.on('error', reject);
    request.end();
  });
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`FAILED: ${what}`);
  console.log(`  ok  ${what}`);
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function main(): Promise<void> {
  // Found before anything starts: a missing nginx is a set-up step to name, not a spawn error mid-check.
  const nginx = findNginx();
  if (!nginx) {
    console.error('deploy:check needs nginx: apt-get install -y nginx (Debian), then run it again.');
    process.exit(1);
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'td-deploy-'));
  chmodSync(work, 0o755);
  const children: ChildProcess[] = [];
  const dataDir = path.join(work, 'db');
  const uploadsDir = path.join(work, 'uploads');
  const server = await startEmbeddedPostgres({ dataDir, log: { info: () => {}, warn: console.warn, error: console.error } });
  try {
    const { host, port, user, password, database } = server.connection;
    const databaseUrl = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@localhost:${port}/${database}?host=${encodeURIComponent(host)}`;
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    await runMigrations(pool);
    let demoPassword = '';
    await seedDemoData(drizzle(pool, { schema }), { info: (line) => (demoPassword ||= /\/ (\S+)$/.exec(line)?.[1] ?? '') }, uploadsDir);
    await pool.end();

    const [portA, portB] = [await freePort(), await freePort()];
    for (const appPort of [portA, portB]) {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
        cwd: root,
        env: {
          ...process.env,
          TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.node.json'),
          PORT: String(appPort),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          JWT_SECRET,
          UPLOADS_DIR: uploadsDir,
          DATA_DIR: path.join(work, `app-${appPort}`),
          WEB_DIST: path.join(work, 'no-web'),
          TRUST_PROXY_HOPS: '1',
          LOG_LEVEL: 'warn',
          LOG_FORMAT: 'json',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
    }
    await Promise.all([portA, portB].map((appPort) => waitFor(`http://127.0.0.1:${appPort}/api/v1/health/ready`)));
    const front = await startNginx(nginx, path.join(work, 'nginx'), [portA, portB]);
    children.push(front.process);
    const lb = front.http;
    const a = `http://127.0.0.1:${portA}`;
    const b = `http://127.0.0.1:${portB}`;
    await waitFor(`${lb}/api/v1/health/ready`);
    console.log(`deploy:check: nginx on ${lb} in front of ${a} and ${b} (one database, one JWT secret)`);

    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i++) upstreams.add((await fetch(`${lb}/api/v1/health/ready`)).headers.get('x-upstream') ?? '');
    check(upstreams.has(`127.0.0.1:${portA}`) && upstreams.has(`127.0.0.1:${portB}`), `nginx sends requests to both processes (${[...upstreams].join(', ')})`);

    const signIn = async (base: string) =>
      (await json<{ token: string }>(await fetch(`${base}/api/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'vendor@truckdesk.demo', password: demoPassword }) }))).token;
    const token = await signIn(lb);
    const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });
    const truckId = DEMO_TRUCK_IDS.approved;

    // A dashboard on B, one through nginx; the order placed on A.
    const ticket = async (base: string) => (await json<{ ticket: string }>(await fetch(`${base}/api/v1/trucks/${truckId}/events/ticket`, { method: 'POST', headers: auth(token) }))).ticket;
    const onB = await openEventStream(`${b}/api/v1/trucks/${truckId}/events?ticket=${await ticket(b)}`);
    const viaLb = await openEventStream(`${lb}/api/v1/trucks/${truckId}/events?ticket=${await ticket(lb)}`);
    await onB.next('ready', 10_000);
    await viaLb.next('ready', 10_000);
    const menu = await json<{ items: { id: string; soldOutUntil: unknown; optionGroups: { minSelections: number }[] }[] }>(await fetch(`${a}/api/v1/trucks/${truckId}/menu`, { headers: auth(token) }));
    const item = menu.items.find((candidate) => !candidate.soldOutUntil && candidate.optionGroups.every((group) => group.minSelections === 0));
    if (!item) throw new Error('the demo menu has no item without required options');
    const placed = performance.now();
    const order = await json<{ id: string; number: number }>(
      await fetch(`${a}/api/v1/trucks/${truckId}/orders`, {
        method: 'POST',
        headers: { ...auth(token), 'content-type': 'application/json', 'idempotency-key': `deploy-check-${Date.now()}` },
        body: JSON.stringify({ lines: [{ itemId: item.id, qty: 1 }], customer: { name: 'Deploy Check', phone: '+96555512345' }, type: 'pickup', paymentMethod: 'cash' }),
      }),
    );
    const onBEvent = await onB.next('order.created', 5_000);
    check((JSON.parse(onBEvent.data) as { order: { id: string } }).order.id === order.id, `an order placed on process A reaches a dashboard on process B (${Math.round(onBEvent.receivedAt - placed)} ms)`);
    const lbEvent = await viaLb.next('order.created', 5_000);
    check((JSON.parse(lbEvent.data) as { order: { id: string } }).order.id === order.id, `…and a dashboard connected through nginx (${Math.round(lbEvent.receivedAt - placed)} ms)`);
    onB.close();
    viaLb.close();

    const second = await signIn(lb);
    check((await fetch(`${b}/api/v1/me`, { headers: auth(second) })).status === 200, 'a session works on process B');
    check((await fetch(`${a}/api/v1/auth/sign-out`, { method: 'POST', headers: auth(second) })).status < 300, 'it signs out on process A');
    check((await fetch(`${b}/api/v1/me`, { headers: auth(second) })).status === 401, 'process B refuses it at once');
    const refusedViaLb = await Promise.all([1, 2, 3, 4].map(() => fetch(`${lb}/api/v1/me`, { headers: auth(second) }).then((response) => response.status)));
    check(refusedViaLb.every((status) => status === 401), 'and so does every process behind nginx');
    check((await fetch(`${lb}/api/v1/me`, { headers: auth(token) })).status === 200, 'the other session still works');
    check((await fetch(`${lb}/metrics`)).status === 404, 'nginx does not expose /metrics');
    const secure = await http2Get(`${front.https}/api/v1/health/ready`);
    check(secure.status === 200 && secure.upstream !== undefined, `HTTPS with HTTP/2 reaches the processes too (${secure.upstream})`);
    console.log('deploy:check: all checks passed');
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
