/** The token checks every guarded request goes through, and the role guard later features use. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signUp, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { authOf, requireRole } from './auth';

let app: FastifyInstance;
let secret: Uint8Array;
let user: SignedUp;

beforeAll(async () => {
  const created = await createTestApp({
    extend: (instance) => {
      instance.get('/test/admin-only', { preHandler: requireRole('Admin') }, async (request) => ({ userId: authOf(request).userId }));
      instance.get('/test/staff-or-vendor', { preHandler: requireRole('Staff', 'Vendor') }, async () => ({ ok: true }));
    },
  });
  app = created.app;
  secret = new TextEncoder().encode(created.config.jwtSecret);
  user = await signUp(app);
});

const me = (authorization?: string) =>
  app.inject({ method: 'GET', url: '/api/v1/me', headers: authorization ? { authorization } : {} });

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function expectRefused(authorization: string, code: string) {
  const res = await me(authorization);
  expect(res.statusCode).toBe(401);
  expect(res.json().error.code).toBe(code);
}

function claimsOf(token: string) {
  const { sub, sid, tv, roles } = decodeJwt(token) as { sub: string; sid: string; tv: number; roles: string[] };
  return { sub, sid, tv, roles };
}

describe('token verification', () => {
  it('accepts the token as issued', async () => {
    expect((await me(`Bearer ${user.token}`)).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT(claimsOf(user.token))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(secret);
    await expectRefused(`Bearer ${expired}`, 'token_expired');
  });

  it('refuses a token once it expires, though it was accepted before', async () => {
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT(claimsOf(user.token)).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 60).sign(secret);
    expect((await me(`Bearer ${shortLived}`)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((now + 61) * 1000);
      await expectRefused(`Bearer ${shortLived}`, 'token_expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses alg: none', async () => {
    const { sub, sid, tv, roles } = claimsOf(user.token);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, sid, tv, roles, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    await expectRefused(`Bearer ${unsigned}`, 'token_invalid');
  });

  it('refuses a token signed with another key or another algorithm', async () => {
    const claims = claimsOf(user.token);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(new TextEncoder().encode('x'.repeat(48)));
    await expectRefused(`Bearer ${otherKey}`, 'token_invalid');
    const otherAlg = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).setExpirationTime(exp).sign(secret);
    await expectRefused(`Bearer ${otherAlg}`, 'token_invalid');
  });

  it('refuses tampered claims', async () => {
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${b64({ ...claims, roles: ['Admin'], exp: claims.exp + 3600 })}.${signature}`;
    await expectRefused(`Bearer ${tampered}`, 'token_invalid');
  });

  it('refuses malformed headers and tokens', async () => {
    await expectRefused('Bearer', 'token_invalid');
    await expectRefused('Bearer not-a-jwt', 'token_invalid');
    await expectRefused(`Basic ${Buffer.from('a:b').toString('base64')}`, 'token_invalid');
    await expectRefused(`Bearer ${'a'.repeat(5000)}.${'b'.repeat(5000)}.c`, 'token_invalid');
  });

  it('refuses well-signed tokens with bad claims, another session or an old token version', async () => {
    const claims = claimsOf(user.token);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const sign = (payload: Record<string, unknown>) => new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(secret);
    await expectRefused(`Bearer ${await sign({ ...claims, sid: 'not-a-uuid' })}`, 'token_invalid');
    await expectRefused(`Bearer ${await sign({ ...claims, sid: randomUUID() })}`, 'session_ended');
    const stranger = await signUp(app);
    await expectRefused(`Bearer ${await sign({ ...claims, sub: stranger.user.id })}`, 'session_ended');
    await expectRefused(`Bearer ${await sign({ ...claims, tv: claims.tv + 1 })}`, 'session_ended');
  });
});

describe('requireRole', () => {
  it('lets the named roles through and refuses others with 403', async () => {
    const applicant = await signUp(app);
    const admin = await signUp(app, { roles: ['Admin'] });
    const vendor = await signUp(app, { roles: ['Vendor'] });

    const asApplicant = await app.inject({ method: 'GET', url: '/test/admin-only', headers: bearer(applicant.token) });
    expect(asApplicant.statusCode).toBe(403);
    expect(asApplicant.json().error.code).toBe('forbidden');
    const asAdmin = await app.inject({ method: 'GET', url: '/test/admin-only', headers: bearer(admin.token) });
    expect(asAdmin.json()).toEqual({ userId: admin.user.id });
    expect((await app.inject({ method: 'GET', url: '/test/staff-or-vendor', headers: bearer(vendor.token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/test/staff-or-vendor', headers: bearer(admin.token) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/test/admin-only' })).statusCode).toBe(401);
  });

  it('reads roles from the database, so a removed role counts at once', async () => {
    const admin = await signUp(app, { roles: ['Admin'] });
    await app.database.pool.query(`UPDATE users SET roles = ARRAY['Applicant'] WHERE id = $1`, [admin.user.id]);
    await app.readCache.settle();
    expect((await app.inject({ method: 'GET', url: '/test/admin-only', headers: bearer(admin.token) })).statusCode).toBe(403);
  });
});
