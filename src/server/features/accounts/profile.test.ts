import { existsSync, readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { avatarDir } from './avatar';

let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  const created = await createTestApp();
  app = created.app;
  dataDir = created.config.dataDir;
});

const patch = (user: SignedUp, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'PATCH', url: '/api/v1/me', headers: { ...bearer(user.token), ...headers }, payload: payload as object });

function multipart(field: string, fileName: string, contentType: string, content: Buffer) {
  const boundary = '----truckdesk-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (user: SignedUp | null, body: ReturnType<typeof multipart>) =>
  app.inject({ method: 'PUT', url: '/api/v1/me/avatar', headers: { ...body.headers, ...(user ? bearer(user.token) : {}) }, payload: body.payload });

const photo = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 46, g: 125, b: 50 } } })
    .toFormat(format)
    .toBuffer();

describe('profile', () => {
  it('saves name, phone (normalized to E.164) and language', async () => {
    const user = await signUp(app);
    const res = await patch(user, { fullName: '  Layla Haddad ', phone: '00965 5000-1234', language: 'ar' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Layla Haddad', phone: '+96550001234', language: 'ar' });
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) });
    expect(me.json().user).toMatchObject({ fullName: 'Layla Haddad', phone: '+96550001234', language: 'ar' });
    expect((await patch(user, { phone: null })).json().phone).toBeNull();
  });

  it.each([
    ['a phone without country code', { phone: '55001234' }, 'phone', 'invalid_phone'],
    ['a phone with letters', { phone: '+965 CALL-ME' }, 'phone', 'invalid_phone'],
    ['a huge phone', { phone: '+1'.padEnd(5000, '5') }, 'phone', 'too_big_string'],
    ['an empty name', { fullName: '   ' }, 'fullName', 'too_small_string'],
    ['a huge name', { fullName: 'x'.repeat(10_000) }, 'fullName', 'too_big_string'],
    ['a name of the wrong type', { fullName: 42 }, 'fullName', 'invalid_type'],
    ['an unknown language', { language: 'fr' }, 'language', 'invalid_value'],
    ['a role', { roles: ['Admin'] }, '', 'unrecognized_keys'],
  ])('refuses %s and changes nothing', async (_name, payload, path, code) => {
    const user = await signUp(app);
    await patch(user, { fullName: 'Before' });
    const res = await patch(user, payload, { 'accept-language': 'ar' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path, code, message: expect.stringMatching(/[\u0600-\u06FF]/) })]);
    const me = (await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).json();
    expect(me.user).toMatchObject({ fullName: 'Before', roles: ['Applicant'], language: 'en' });
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { fullName: 'Nobody' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('avatar', () => {
  it('re-encodes an upload to a 512px WebP stored under the data folder, replacing the previous one', async () => {
    const user = await signUp(app);
    const first = await upload(user, multipart('avatar', 'me.png', 'image/png', await photo('png')));
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().avatarUrl;
    expect(firstUrl).toMatch(/^\/api\/v1\/avatars\/[a-f0-9]{32}\.webp$/);

    const served = await app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);

    const second = await upload(user, multipart('avatar', 'me.jpg', 'image/jpeg', await photo('jpeg', 300, 900)));
    expect(second.statusCode).toBe(200);
    const files = readdirSync(avatarDir(dataDir));
    expect(files).toContain(second.json().avatarUrl.split('/').pop());
    expect(files).not.toContain(firstUrl.split('/').pop());
    expect((await app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);

    const removed = await app.inject({ method: 'DELETE', url: '/api/v1/me/avatar', headers: bearer(user.token) });
    expect(removed.json().avatarUrl).toBeNull();
    expect(readdirSync(avatarDir(dataDir))).not.toContain(second.json().avatarUrl.split('/').pop());
  });

  it('accepts WebP', async () => {
    const user = await signUp(app);
    expect((await upload(user, multipart('avatar', 'me.webp', 'image/webp', await photo('webp')))).statusCode).toBe(200);
  });

  it('checks the content, not the name or declared type', async () => {
    const user = await signUp(app);
    const text = await upload(user, multipart('avatar', 'me.png', 'image/png', Buffer.from('not an image at all')));
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('unsupported_image');
    const gif = await upload(user, multipart('avatar', 'me.png', 'image/png', await photo('gif')));
    expect(gif.json().error.code).toBe('unsupported_image');
    const truncated = (await photo('png')).subarray(0, 200);
    expect((await upload(user, multipart('avatar', 'me.png', 'image/png', truncated))).json().error.code).toBe('unsupported_image');
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).json().user.avatarUrl).toBeNull();
  });

  it('refuses more than 5 MB', async () => {
    const user = await signUp(app);
    const png = await photo('png', 10, 10);
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(user, multipart('avatar', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'image_too_large', message: 'The image is larger than 5 MB.' });
  });

  it('refuses a missing file, a JSON body and an anonymous caller', async () => {
    const user = await signUp(app);
    const wrongField = await upload(user, multipart('picture', 'me.png', 'image/png', await photo('png')));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.fields).toEqual([expect.objectContaining({ path: 'avatar', code: 'required' })]);
    const json = await app.inject({ method: 'PUT', url: '/api/v1/me/avatar', headers: bearer(user.token), payload: { avatar: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await upload(null, multipart('avatar', 'me.png', 'image/png', await photo('png')))).statusCode).toBe(401);
  });

  it('serves only avatar file names', async () => {
    for (const url of ['/api/v1/avatars/..%2F..%2Fjwt-secret', '/api/v1/avatars/x.webp', `/api/v1/avatars/${'a'.repeat(32)}.webp`]) {
      const res = await app.inject({ method: 'GET', url });
      expect([400, 404]).toContain(res.statusCode);
    }
    expect(existsSync(avatarDir(dataDir))).toBe(true);
  });
});
