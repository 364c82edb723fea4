import { accessListFor } from '@domain/access';
import { TOKEN_TTL_SECONDS } from '@domain/session';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { anyIp, bearer, signIn, signUp, TEST_PASSWORD, uniqueEmail } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp());
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress = anyIp()) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers, remoteAddress });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let waited = 0; ; waited += 50) {
    const found = await probe();
    if (found !== undefined) return found;
    if (waited > 10_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const userCount = async () => (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('sign-up', () => {
  it('creates an Applicant, hashes the password with argon2id; signing in then answers a session', async () => {
    const email = uniqueEmail();
    const res = await post('/auth/sign-up', { email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const signedIn = await signIn(app, email, TEST_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json();
    expect(session.user).toMatchObject({ email, roles: ['Applicant'], language: 'en', fullName: null, avatarUrl: null });
    expect(session.accessList).toEqual(accessListFor(['Applicant']));
    expect(session.accessList.map((e: { screen: string }) => e.screen)).toEqual(['/home', '/truck-register', '/truck-info', '/user-profile']);

    expect(decodeProtectedHeader(session.token).alg).toBe('HS256');
    const claims = decodeJwt(session.token);
    const now = Math.floor(Date.now() / 1000);
    expect(claims).toMatchObject({ sub: session.user.id, roles: ['Applicant'], tv: 0 });
    expect(claims.exp).toBe(session.expiresAt);
    expect(claims.exp! - now).toBeGreaterThan(TOKEN_TTL_SECONDS - 60);
    expect(claims.exp! - now).toBeLessThanOrEqual(TOKEN_TTL_SECONDS);

    const [row] = await app.database.db.select().from(users).where(sql`${users.id} = ${session.user.id}`);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(TEST_PASSWORD);
    expect((await me(session.token)).statusCode).toBe(200);
  });

  it('takes the language from the body, else from Accept-Language', async () => {
    const viaBody = await signUp(app, { language: 'ar' });
    expect(viaBody.user.language).toBe('ar');
    const email = uniqueEmail();
    await post('/auth/sign-up', { email, password: TEST_PASSWORD }, { 'accept-language': 'ar-KW,ar;q=0.9' });
    expect((await signIn(app, email, TEST_PASSWORD)).json().user.language).toBe('ar');
  });

  it('answers a taken address (in any case) exactly as a new one, mails its owner and changes nothing', async () => {
    const email = uniqueEmail('Case');
    const owner = await signUp(app, { email: email.toLowerCase(), language: 'ar' });
    const before = await userCount();
    const taken = await post('/auth/sign-up', { email: `  ${email.toUpperCase()} `, password: 'another-password-9' }, { 'accept-language': 'en' });
    const fresh = await post('/auth/sign-up', { email: uniqueEmail('fresh'), password: 'another-password-9' }, { 'accept-language': 'en' });
    expect([taken.statusCode, taken.body, taken.headers['content-type']]).toEqual([fresh.statusCode, fresh.body, fresh.headers['content-type']]);
    expect(await userCount()).toBe(before + 1);
    // The owner's password and sessions are untouched.
    expect((await me(owner.token)).statusCode).toBe(200);
    expect((await signIn(app, email.toLowerCase(), 'another-password-9')).statusCode).toBe(401);
    const mail = await until(async () => (await app.database.db.select().from(mailOutbox)).find((m) => m.recipient === email.toLowerCase()));
    expect(mail.subject).toMatch(/[\u0600-\u06FF]/);
    expect(mail.text).toContain(app.config.publicUrl);
  });

  it.each([
    ['missing fields', {}, [['email', 'required'], ['password', 'required']]],
    ['wrong types', { email: 5, password: true }, [['email', 'invalid_type'], ['password', 'invalid_type']]],
    ['a huge email', { email: `${'a'.repeat(100_000)}@example.com`, password: TEST_PASSWORD }, [['email', 'too_big_string']]],
    ['a huge password', { email: 'huge@example.com', password: 'p'.repeat(100_000) }, [['password', 'too_big_string']]],
    ['a short password', { email: 'short@example.com', password: 'short' }, [['password', 'too_small_string']]],
    ['a common password', { email: 'common@example.com', password: 'Password123' }, [['password', 'weak_password']]],
    ['one repeated character', { email: 'same@example.com', password: 'zzzzzzzzzzzz' }, [['password', 'weak_password']]],
    ['an invalid email', { email: 'not-an-email', password: TEST_PASSWORD }, [['email', 'invalid_email']]],
    ['an unknown field', { email: 'extra@example.com', password: TEST_PASSWORD, roles: ['Admin'] }, [['', 'unrecognized_keys']]],
  ])('refuses %s with field errors and creates nothing', async (_name, payload, expected) => {
    const before = await userCount();
    const res = await post('/auth/sign-up', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields.map((f: { path: string; code: string }) => [f.path, f.code])).toEqual(expected);
    for (const field of body.error.fields) expect(field.message).toBeTruthy();
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON and oversized bodies with 400 and 413', async () => {
    const malformed = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('malformed_json');
    const huge = await post('/auth/sign-up', { email: 'big@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
  });
});

describe('sign-in', () => {
  it('signs in with the email in any case and opens a separate session', async () => {
    const user = await signUp(app);
    const res = await signIn(app, user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session.user.id).toBe(user.user.id);
    expect(decodeJwt(session.token).sid).not.toBe(decodeJwt(user.token).sid);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const user = await signUp(app);
    const wrong = await signIn(app, user.email, 'not-the-password-1');
    const unknown = await signIn(app, uniqueEmail('nobody'), 'not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('invalid_credentials');
  });

  it('refuses bad input without a 5xx', async () => {
    for (const payload of [{}, { email: 'a@b.co' }, { email: ['x'], password: {} }, { email: 'a@b.co', password: 'x'.repeat(10_000) }]) {
      const res = await post('/auth/sign-in', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });
});

describe('sessions', () => {
  it('needs a token for /me', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('signing out ends this session only', async () => {
    const user = await signUp(app);
    const other = (await signIn(app, user.email, user.password)).json();
    const out = await post('/auth/sign-out', undefined, bearer(user.token));
    expect(out.statusCode).toBe(204);
    const after = await me(user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('session_ended');
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('signing out everywhere ends every session; signing in again works', async () => {
    const user = await signUp(app);
    const other = (await signIn(app, user.email, user.password)).json();
    expect((await post('/auth/sign-out-everywhere', undefined, bearer(other.token))).statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(401);
    const again = (await signIn(app, user.email, user.password)).json();
    expect(decodeJwt(again.token).tv).toBe(1);
    expect((await me(again.token)).statusCode).toBe(200);
  });

  it('renews the token of the same session with the current roles and access list', async () => {
    const user = await signUp(app);
    await app.database.db.update(users).set({ roles: ['Vendor'] }).where(sql`${users.id} = ${user.user.id}`);
    await app.readCache.settle();
    const res = await post('/auth/renew', undefined, bearer(user.token));
    expect(res.statusCode).toBe(200);
    const renewed = res.json();
    expect(decodeJwt(renewed.token).sid).toBe(decodeJwt(user.token).sid);
    expect(decodeJwt(renewed.token).roles).toEqual(['Vendor']);
    expect(renewed.expiresAt).toBeGreaterThanOrEqual(user.expiresAt);
    expect(renewed.accessList).toEqual(accessListFor(['Vendor']));
    expect((await me(renewed.token)).statusCode).toBe(200);
  });

  it('does not renew past the maximum session age', async () => {
    const user = await signUp(app);
    await app.database.pool.query(`UPDATE sessions SET expires_at = now() + interval '5 minutes' WHERE id = $1`, [decodeJwt(user.token).sid]);
    await app.readCache.settle();
    const renewed = (await post('/auth/renew', undefined, bearer(user.token))).json();
    expect(renewed.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 5 * 60);
    await app.database.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [decodeJwt(user.token).sid]);
    await app.readCache.settle();
    const ended = await post('/auth/renew', undefined, bearer(renewed.token));
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe('session_ended');
  });
});

describe('password change', () => {
  it('asks for the current password', async () => {
    const user = await signUp(app);
    const res = await post('/me/password', { currentPassword: 'wrong-password-1', newPassword: 'a-brand-new-secret' }, bearer(user.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('wrong_password');
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('applies the password rules to the new one', async () => {
    const user = await signUp(app);
    const res = await post('/me/password', { currentPassword: user.password, newPassword: 'qwertyuiop' }, bearer(user.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path: 'newPassword', code: 'weak_password' })]);
  });

  it('changes it, keeps this session with a new token and signs out the others', async () => {
    const user = await signUp(app);
    const other = (await signIn(app, user.email, user.password)).json();
    const res = await post('/me/password', { currentPassword: user.password, newPassword: 'a-brand-new-secret' }, bearer(user.token));
    expect(res.statusCode).toBe(200);
    const current = res.json();
    expect(decodeJwt(current.token).sid).toBe(decodeJwt(user.token).sid);
    expect((await me(current.token)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(app, user.email, 'a-brand-new-secret')).statusCode).toBe(200);
  });
});

describe('abuse limits', () => {
  it('limits sign-in per email across addresses, with Retry-After', async () => {
    const user = await signUp(app);
    // Ten sign-ins per e-mail: the one after signing up, then nine wrong passwords.
    for (let i = 0; i < 9; i++) expect((await signIn(app, user.email, 'wrong-password-1')).statusCode).toBe(401);
    const limited = await signIn(app, user.email.toUpperCase(), user.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('limits sign-in per IP across emails', async () => {
    const ip = anyIp();
    for (let i = 0; i < 30; i++) {
      expect((await post('/auth/sign-in', { email: uniqueEmail('spray'), password: 'wrong-password-1' }, {}, ip)).statusCode).toBe(401);
    }
    const limited = await post('/auth/sign-in', { email: uniqueEmail('spray'), password: 'wrong-password-1' }, { 'accept-language': 'ar' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().error.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('limits sign-up per IP and forgot-password per email', async () => {
    const ip = anyIp();
    for (let i = 0; i < 10; i++) expect((await post('/auth/sign-up', { email: uniqueEmail(), password: TEST_PASSWORD }, {}, ip)).statusCode).toBe(202);
    expect((await post('/auth/sign-up', { email: uniqueEmail(), password: TEST_PASSWORD }, {}, ip)).statusCode).toBe(429);

    const email = uniqueEmail('forgetful');
    for (let i = 0; i < 3; i++) expect((await post('/auth/forgot-password', { email })).statusCode).toBe(202);
    const limited = await post('/auth/forgot-password', { email });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('documents the account routes from the same contracts', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const signUp = doc.paths['/api/v1/auth/sign-up'].post;
    expect(signUp.requestBody.content['application/json'].schema.properties.password.minLength).toBe(10);
    expect(doc.paths['/api/v1/me'].patch.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/sign-in', '/api/v1/auth/forgot-password', '/api/v1/auth/reset-password', '/api/v1/me/avatar', '/api/v1/me/password']),
    );
  });
});
