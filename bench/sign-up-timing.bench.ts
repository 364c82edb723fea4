/**
 * Sign-up must not tell anyone which addresses have accounts: a taken address gets the same answer
 * as a new one (the API tests check that) and in about the same time, because both pay the password
 * hash and one insert (accounts.service.ts). Time is a figure, not a test assertion (a busy machine
 * makes any timed assertion flaky), so it is measured here: the real app serving HTTP on loopback,
 * sign-ups to new and to taken addresses interleaved so a busy moment weighs on both alike, each from
 * its own forwarded address so the per-IP limit stays out of the way. Prints the medians and their
 * ratio against the bound the design promises (0.5–2); asserts nothing.
 *
 *   npm run bench:sign-up                      # an embedded PostgreSQL in a temp folder
 *   BENCH_SIGN_UPS=100 npm run bench:sign-up   # more pairs
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';
import { benchDatabase, BENCH_PASSWORD, mark, ms, send, serve, startServer, type ServeOptions } from './support/load';

const PAIRS = Number(process.env.BENCH_SIGN_UPS ?? 30);

async function main(): Promise<void> {
  const database = await benchDatabase('sign_up');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-bench-sign-up-'));
  const server = await startServer(import.meta.url, { databaseUrl: database.url, dataDir });
  const agent = new http.Agent({ keepAlive: true });
  let ip = 0;
  const signUp = async (email: string): Promise<number> => {
    ip += 1;
    const forwarded = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
    const started = performance.now();
    const answer = await send(agent, server.origin, 'POST', '/api/v1/auth/sign-up', { 'x-forwarded-for': forwarded }, { email, password: BENCH_PASSWORD });
    const elapsed = performance.now() - started;
    if (answer.status !== 202) throw new Error(`sign-up answered ${answer.status}: ${answer.body}`);
    return elapsed;
  };
  try {
    const fresh: number[] = [];
    const taken: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const email = `timing-${i}@bench.example`;
      fresh.push(await signUp(email));
      taken.push(await signUp(email));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(taken) / median(fresh);
    console.log(`sign-up, ${PAIRS} pairs (${database.kind}):`);
    console.log(`  new address    median ${ms(median(fresh))}`);
    console.log(`  taken address  median ${ms(median(taken))}`);
    console.log(`  taken / new    ${ratio.toFixed(2)} (design: between 0.5 and 2) ${mark(ratio > 0.5 && ratio < 2)}`);
  } finally {
    agent.destroy();
    await server.stop();
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else await serve({ ...(workerData as ServeOptions), env: { TRUST_PROXY_HOPS: '1', DEMO_SIMULATOR: 'off' } });
