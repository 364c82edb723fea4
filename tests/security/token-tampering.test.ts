/**
 * Tokens an attacker can make or keep: every one is refused with 401 on every signed-in operation of
 * the OpenAPI document, and the untouched token beside them still works (so the refusals are the
 * tampering's doing).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyIp, bearer, signIn, signUp, type SignedUp } from '@testing/accounts';
import { apiOperations, fillPath, type ApiOperation } from '@testing/route-matrix';
import { createTestApp } from '@testing/test-app';

let app: FastifyInstance;
let user: SignedUp;
let admin: SignedUp;
let secured: ApiOperation[];
let key: Uint8Array;

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.') as [string, string, string];
const claimsOf = (token: string) => JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString()) as Record<string, unknown>;

function sign(claims: Record<string, unknown>, secret: Uint8Array = key, alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(secret);
}

beforeAll(async () => {
  let config;
  ({ app, config } = await createTestApp());
  key = new TextEncoder().encode(config.jwtSecret);
  user = await signUp(app);
  admin = await signUp(app, { roles: ['Admin'] });
  secured = (await apiOperations(app)).filter((op) => op.secured && !/\/auth\/sign-out/.test(op.path));
});

/** Each case: a name and the Authorization header it sends. */
async function tamperedHeaders(): Promise<[string, string][]> {
  const claims = claimsOf(user.token);
  const [header, payload, signature] = parts(user.token);
  const now = Math.floor(Date.now() / 1000);
  const revoked = await signUp(app);
  await app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: bearer(revoked.token) });
  const everywhere = await signUp(app);
  const before = (await signIn(app, everywhere.email, everywhere.password)).json().token as string;
  await app.inject({ method: 'POST', url: '/api/v1/auth/sign-out-everywhere', headers: bearer(everywhere.token) });
  return [
    ['expired (signed with the real key)', `Bearer ${await sign({ ...claims, iat: now - 7200, exp: now - 3600 })}`],
    ['signed with another key', `Bearer ${await sign(claims, new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'))}`],
    ['alg none', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`],
    ['alg none with the old signature', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`],
    ['HS512 with the real key', `Bearer ${await sign(claims, key, 'HS512')}`],
    ['roles changed to Admin, signature kept', `Bearer ${header}.${b64({ ...claims, roles: ['Admin'] })}.${signature}`],
    ['subject changed to the admin, signature kept', `Bearer ${header}.${b64({ ...claims, sub: admin.user.id })}.${signature}`],
    ['expiry pushed a year out, signature kept', `Bearer ${header}.${b64({ ...claims, exp: now + 365 * 86400 })}.${signature}`],
    ['signature removed', `Bearer ${header}.${payload}.`],
    ['signature of another token', `Bearer ${header}.${payload}.${parts(admin.token)[2]}`],
    ['a session that does not exist (real key)', `Bearer ${await sign({ ...claims, sid: randomUUID() })}`],
    ['another user as subject of this session (real key)', `Bearer ${await sign({ ...claims, sub: admin.user.id })}`],
    ['an old token version (real key)', `Bearer ${await sign({ ...claims, tv: -1 })}`],
    ['claims missing (real key)', `Bearer ${await sign({ exp: now + 600 })}`],
    ['a signed-out session', `Bearer ${revoked.token}`],
    ['a token from before sign-out-everywhere', `Bearer ${before}`],
    ['garbage', 'Bearer garbage'],
    ['two parts', `Bearer ${header}.${payload}`],
    ['four parts', `Bearer ${user.token}.x`],
    ['not base64', `Bearer ${header}.!!!.${signature}`],
    ['payload not JSON', `Bearer ${header}.${b64('not json')}.${signature}`],
    ['another scheme', `Basic ${user.token}`],
    ['the scheme alone', 'Bearer'],
    ['a token twice', `Bearer ${user.token} ${user.token}`],
  ];
}

function call(operation: ApiOperation, authorization: string) {
  return app.inject({
    method: operation.method as 'GET',
    url: fillPath(operation.path, {}),
    remoteAddress: anyIp(),
    headers: { authorization },
    ...(operation.body ? { payload: {} } : {}),
  });
}

describe('tampered tokens', () => {
  it('are refused with 401 on every signed-in operation, in the error shape', async () => {
    const cases = await tamperedHeaders();
    const accepted: string[] = [];
    for (const [name, authorization] of cases) {
      for (const operation of secured) {
        const res = await call(operation, authorization);
        if (res.statusCode !== 401 || !res.json().error?.code) accepted.push(`${name} → ${operation.id}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(cases.length * secured.length).toBeGreaterThan(1_000);
  }, 120_000);

  it('leave the real token working', async () => {
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.roles).toEqual(['Applicant']);
  });
});
