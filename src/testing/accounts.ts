/** Accounts for API tests: signed-up users (optionally with other roles) and their bearer headers. */
import { randomBytes } from 'node:crypto';
import type { Role } from '@domain/access';
import type { Session } from '@domain/accounts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../server/db/schema';

export const TEST_PASSWORD = 'grilled-halloumi-42';

/** Each call looks like it comes from another address, so tests never trip the per-IP limits. */
export function anyIp(): string {
  const [a = 0, b = 0, c = 1] = randomBytes(3);
  return `10.${a}.${b}.${c || 1}`;
}

export function uniqueEmail(prefix = 'vendor'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface SignedUp extends Session {
  email: string;
  password: string;
}

export async function signUp(
  app: FastifyInstance,
  options: { email?: string; password?: string; language?: 'en' | 'ar'; roles?: Role[] } = {},
): Promise<SignedUp> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    remoteAddress: anyIp(),
    payload: { email, password, ...(options.language ? { language: options.language } : {}) },
  });
  if (res.statusCode !== 202) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  // Sign-up answers alike for new and taken addresses; the session comes from signing in.
  const signedIn = await signIn(app, email, password);
  if (signedIn.statusCode !== 200) throw new Error(`sign-in after sign-up failed: ${signedIn.statusCode} ${signedIn.body}`);
  const session = signedIn.json() as Session;
  if (options.roles) {
    await app.database.db.update(users).set({ roles: options.roles }).where(eq(users.id, session.user.id));
    await app.readCache.settle();
  }
  return { ...session, email, password };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', remoteAddress: anyIp(), payload: { email, password } });
}
