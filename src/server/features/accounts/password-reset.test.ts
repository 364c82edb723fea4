import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { anyIp, bearer, signIn, signUp, uniqueEmail } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';

const NEW_PASSWORD = 'shawarma-at-midnight';

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const resetTokenIn = (text: string) => text.match(/\/\?reset=([\w%-]+)/)?.[1];

function post(app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: anyIp() });
}

describe('forgot and reset password (outbox)', () => {
  let app: FastifyInstance;
  /** Who a mail was asked for, as the service asks (before it answers), not once the outbox has it. */
  const mailedTo: string[] = [];
  beforeAll(async () => {
    ({ app } = await createTestApp());
    const send = app.mail.send.bind(app.mail);
    app.mail.send = (mail) => {
      mailedTo.push(mail.to);
      return send(mail);
    };
  });

  const outbox = () => app.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
  const mailTo = (email: string) => until(async () => (await outbox()).find((m) => m.recipient === email), `mail to ${email}`);

  it('answers the same whether or not the account exists, and mails only an existing one', async () => {
    const user = await signUp(app);
    const ghost = uniqueEmail('ghost');
    const known = await post(app, '/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post(app, '/auth/forgot-password', { email: ghost });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const mail = await mailTo(user.email);
    expect(mail.subject).toBe('Reset your TruckDesk password');
    expect(mail.text).toContain('30 minutes');
    expect(resetTokenIn(mail.text)).toBeTruthy();
    // The mail leaves in the background, but it is asked for before the answer: by now a mail to the
    // ghost would have been.
    expect(mailedTo).toContain(user.email);
    expect(mailedTo).not.toContain(ghost);
    expect((await outbox()).filter((m) => m.recipient === ghost)).toEqual([]);
  });

  it('writes to the user in their language', async () => {
    const user = await signUp(app, { language: 'ar' });
    await post(app, '/auth/forgot-password', { email: user.email });
    const mail = await mailTo(user.email);
    expect(mail.subject).toMatch(/[\u0600-\u06FF]/);
    expect(mail.html).toContain('dir="rtl"');
  });

  it('resets once: new password works, old one and old tokens do not, the link cannot be reused', async () => {
    const user = await signUp(app);
    await post(app, '/auth/forgot-password', { email: user.email });
    const token = decodeURIComponent(resetTokenIn((await mailTo(user.email)).text)!);

    const reset = await post(app, '/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ email: user.email });

    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).statusCode).toBe(401);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await post(app, '/auth/reset-password', { token, password: 'yet-another-password' }, { 'accept-language': 'ar' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('reset_link_invalid');
    expect(again.json().error.message).toMatch(/[\u0600-\u06FF]/);
    expect((await signIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link, an unknown one, and earlier links once one was used', async () => {
    const user = await signUp(app);
    await post(app, '/auth/forgot-password', { email: user.email });
    const first = decodeURIComponent(resetTokenIn((await mailTo(user.email)).text)!);
    await app.database.pool.query(`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    const expired = await post(app, '/auth/reset-password', { token: first, password: NEW_PASSWORD });
    expect(expired.json().error.code).toBe('reset_link_invalid');

    await app.database.pool.query('DELETE FROM mail_outbox');
    await post(app, '/auth/forgot-password', { email: user.email });
    const second = decodeURIComponent(resetTokenIn((await mailTo(user.email)).text)!);
    await app.database.pool.query('DELETE FROM mail_outbox');
    await post(app, '/auth/forgot-password', { email: user.email });
    const third = decodeURIComponent(resetTokenIn((await mailTo(user.email)).text)!);
    expect((await post(app, '/auth/reset-password', { token: third, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await post(app, '/auth/reset-password', { token: second, password: 'another-new-password' })).json().error.code).toBe('reset_link_invalid');
    expect((await post(app, '/auth/reset-password', { token: 'made-up', password: NEW_PASSWORD })).json().error.code).toBe('reset_link_invalid');
  });

  it('validates the input', async () => {
    const missing = await post(app, '/auth/forgot-password', {});
    expect(missing.json().error.fields).toEqual([expect.objectContaining({ path: 'email', code: 'required' })]);
    const weak = await post(app, '/auth/reset-password', { token: 'x', password: '1234567890' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual([expect.objectContaining({ path: 'password', code: 'weak_password' })]);
    const huge = await post(app, '/auth/reset-password', { token: 't'.repeat(10_000), password: NEW_PASSWORD });
    expect(huge.json().error.fields).toEqual([expect.objectContaining({ path: 'token', code: 'too_big_string' })]);
  });
});

describe('forgot password over SMTP', () => {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  let app: FastifyInstance;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    ({ app } = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } }));
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  /** Undoes quoted-printable soft line breaks and escapes, enough to read a link. */
  const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

  it('sends the reset link through a real SMTP server, and the link works', async () => {
    const user = await signUp(app);
    expect((await post(app, '/auth/forgot-password', { email: user.email })).statusCode).toBe(202);
    const message = await until(async () => received.find((m) => m.includes(user.email)), 'the SMTP message');
    expect(message).toMatch(/^Subject: Reset your TruckDesk password/m);
    expect(message).toMatch(/^From: TruckDesk <no-reply@/m);
    const token = decodeURIComponent(resetTokenIn(unfold(message))!);
    expect((await post(app, '/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await signIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await app.database.db.select().from(mailOutbox)).toEqual([]);
  });
});
