/** Two app instances on one database, as two processes behind a load balancer: together they hold the limits one holds. */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyIp, uniqueEmail } from '@testing/accounts';
import { onCleanup } from '@testing/cleanup';
import { createTestApp } from '@testing/test-app';
import { anotherPool } from '@testing/test-database';
import { buildApp } from '../app';
import { wrapPool } from '../db/database';

let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  const made = await createTestApp();
  first = made.app;
  // Its own pool on the same database: nothing shared in memory with the first instance.
  const pool = anotherPool(made.database, 4);
  second = await buildApp({ config: made.config, database: wrapPool(made.database.kind, pool), logger: false });
  await second.ready();
  onCleanup(async () => {
    await second.close();
    await pool.end();
  });
});

/** An account made without signing in, so no attempt is counted yet. */
async function account(app: FastifyInstance): Promise<string> {
  const email = uniqueEmail();
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', remoteAddress: anyIp(), payload: { email, password: 'grilled-halloumi-42' } });
  expect(res.statusCode).toBe(202);
  return email;
}

const signIn = (app: FastifyInstance, email: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', remoteAddress: ip, payload: { email, password: 'not-the-password-1' } });

describe('rate limits across app instances', () => {
  it('allows 10 wrong passwords per e-mail in all, whichever instance answers', async () => {
    const email = await account(first);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) statuses.push((await signIn(attempt % 2 ? second : first, email, anyIp())).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  it('allows 30 sign-ins per address in all, whichever instance answers', async () => {
    const ip = anyIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) statuses.push((await signIn(attempt % 2 ? first : second, uniqueEmail('spray'), ip)).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    const limited = await signIn(first, uniqueEmail('spray'), ip);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts concurrent attempts on both instances exactly once each', async () => {
    const email = await account(second);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn(i % 2 ? second : first, email, anyIp())));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('keeps counters in PostgreSQL, one row per limited key and window', async () => {
    const { rows } = await first.database.pool.query<{ key: string; hits: number }>(`SELECT key, hits FROM rate_limit_counters WHERE key LIKE '%signIn:email:%'`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...rows.map((r) => r.hits))).toBeGreaterThanOrEqual(12);
  });
});
