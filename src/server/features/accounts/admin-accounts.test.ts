import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData, DEMO_ACCOUNTS } from '../../demo/demo-data';
import { users } from '../../db/schema';
import { signIn, signUp, uniqueEmail } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { makeAdmin } from './admin-accounts';

let app: FastifyInstance;
const uploadsDir = () => mkdtempSync(path.join(tmpdir(), 'td-demo-uploads-'));

beforeAll(async () => {
  ({ app } = await createTestApp());
});

const rolesOf = async (email: string) =>
  (await app.database.db.select({ roles: users.roles }).from(users).where(sql`lower(${users.email}) = ${email}`))[0]?.roles;

describe('makeAdmin (the admin CLI)', () => {
  it('creates an Admin with a password that signs in and opens the admin screen', async () => {
    const email = uniqueEmail('boss');
    const result = await makeAdmin(app.database.db, email);
    if (!result.created) throw new Error('expected a new account');
    const session = await signIn(app, email, result.password);
    expect(session.statusCode).toBe(200);
    expect(session.json().user.roles).toEqual(['Admin']);
    expect(session.json().accessList.map((e: { screen: string }) => e.screen)).toContain('/admin/reviews');
  });

  it('adds the role to an existing account once, keeping its other roles and password', async () => {
    const user = await signUp(app);
    expect(await makeAdmin(app.database.db, user.email)).toEqual({ email: user.email, created: false });
    expect(await makeAdmin(app.database.db, user.email)).toEqual({ email: user.email, created: false });
    expect(await rolesOf(user.email)).toEqual(['Applicant', 'Admin']);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses bad usage with exit code 64 before touching any database', () => {
    for (const args of [['create'], ['create', 'not-an-email']]) {
      // The same command line as `npm run admin`.
      const run = spawnSync('node_modules/.bin/tsx', ['--tsconfig', 'tsconfig.node.json', 'scripts/admin.ts', ...args], { encoding: 'utf8' });
      expect(run.status).toBe(64);
      expect(run.stderr).toContain('Usage: npm run admin -- create <email>');
    }
  });
});

describe('demo data', () => {
  it('creates the demo vendor and admin on an empty database, prints their sign-ins, and runs once', async () => {
    const { app: fresh } = await createTestApp();
    const lines: string[] = [];
    await seedDemoData(fresh.database.db, { info: (line) => lines.push(line) }, uploadsDir());
    const signIns = lines.filter((line) => line.startsWith('Demo sign-in'));
    expect(signIns).toHaveLength(DEMO_ACCOUNTS.length);
    expect(lines.filter((line) => /^Demo data loaded in \d+\.\d s$/.test(line))).toHaveLength(1);
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const password = signIns[i]!.split(' / ')[1]!;
      const res = await signIn(fresh, account.email, password);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.roles).toEqual(account.roles);
    }
    const printed = lines.length;
    await seedDemoData(fresh.database.db, { info: (line) => lines.push(line) }, uploadsDir());
    expect(lines).toHaveLength(printed);
  });

  it('leaves a database that has users alone', async () => {
    await signUp(app);
    const lines: string[] = [];
    await seedDemoData(app.database.db, { info: (line) => lines.push(line) }, uploadsDir());
    expect(lines).toEqual([]);
    expect(await rolesOf(DEMO_ACCOUNTS[0]!.email)).toBeUndefined();
  });
});
