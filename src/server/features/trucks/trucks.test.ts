/** The registration draft: saved step by step on the server, so it resumes anywhere; bad input changes nothing. */
import type { Truck, TruckSummary } from '@domain/trucks';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { BASICS, call, createDraft, demoImage, LOCATION, submittedTruck, uploadFile } from '@testing/trucks';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp());
});

async function upload(user: SignedUp, truckId: string, purpose: 'logo' | 'photo') {
  const res = await uploadFile(app, user, truckId, purpose, { name: `${purpose}.png`, type: 'image/png', content: await demoImage('X', '#2e7d32', 'png') });
  return res.json() as { id: string; url: string };
}

describe('the registration draft', () => {
  it('starts empty with defaults, one draft at a time, for applicants and vendors', async () => {
    const applicant = await signUp(app);
    const draft = await createDraft(app, applicant);
    expect(draft).toMatchObject({
      status: 'draft',
      relation: 'owner',
      basics: { nameEn: '', nameAr: '', cuisines: [], logoId: null, photoIds: [] },
      location: { currency: 'KWD', timeZone: 'Asia/Kuwait', location: null },
      documents: [],
      history: [],
    });
    expect(draft.problems.length).toBeGreaterThan(0);

    const again = await call(app, applicant, 'POST', '/trucks');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'draft_exists', details: { truckId: draft.id } });

    const adminOnly = await signUp(app, { roles: ['Admin'] });
    expect((await call(app, adminOnly, 'POST', '/trucks')).statusCode).toBe(403);
  });

  it('saves each step and gives it all back on another device (a new sign-in)', async () => {
    const vendor = await signUp(app);
    const draft = await createDraft(app, vendor);
    const logo = await upload(vendor, draft.id, 'logo');
    const photos = [await upload(vendor, draft.id, 'photo'), await upload(vendor, draft.id, 'photo')];

    const basics = await call(app, vendor, 'PUT', `/trucks/${draft.id}/basics`, { ...BASICS, nameAr: '', logoId: logo.id, photoIds: photos.map((p) => p.id) });
    expect(basics.statusCode).toBe(200);
    // A draft may be partial: the missing Arabic name is a problem for submission, not for saving.
    expect((basics.json() as Truck).problems).toEqual(expect.arrayContaining([{ path: 'basics.nameAr', code: 'required' }]));

    const location = await call(app, vendor, 'PUT', `/trucks/${draft.id}/location`, { ...LOCATION, phone: '00965 5000-1234', email: ' Truck@Example.COM ' });
    expect(location.statusCode).toBe(200);

    const elsewhere = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: vendor.email, password: vendor.password }, remoteAddress: '10.9.9.9' });
    const device = { ...vendor, token: elsewhere.json().token as string };
    const resumed = (await call(app, device, 'GET', `/trucks/${draft.id}`)).json() as Truck;
    expect(resumed.basics).toEqual({ ...BASICS, nameAr: '', logoId: logo.id, photoIds: photos.map((p) => p.id) });
    expect(resumed.logo).toMatchObject({ id: logo.id, url: logo.url });
    expect(resumed.photos.map((p) => p.id)).toEqual(photos.map((p) => p.id));
    expect(resumed.location).toEqual({ ...LOCATION, phone: '+96550001234', email: 'truck@example.com', licensePlate: '' });

    const [summary] = (await call(app, device, 'GET', '/trucks')).json() as TruckSummary[];
    expect(summary).toMatchObject({ id: draft.id, status: 'draft', relation: 'owner', nameEn: 'Falafel Express', logoUrl: logo.url, mayTrade: false });
  });

  it.each([
    ['an unknown cuisine', 'basics', { cuisines: ['sushi-burrito'] }, 'cuisines.0', 'invalid_value'],
    ['six cuisines', 'basics', { cuisines: ['burgers', 'pizza', 'tacos', 'asian', 'indian', 'coffee'] }, 'cuisines', 'too_big_array'],
    ['a huge name', 'basics', { nameEn: 'x'.repeat(81) }, 'nameEn', 'too_big_string'],
    ['an unknown field', 'basics', { status: 'approved' }, '', 'unrecognized_keys'],
    ['a phone without country code', 'location', { phone: '55001234' }, 'phone', 'invalid_phone'],
    ['a bad email', 'location', { email: 'not-an-email' }, 'email', 'invalid_email'],
    ['an unknown currency', 'location', { currency: 'XYZ' }, 'currency', 'invalid_value'],
    ['an unknown time zone', 'location', { timeZone: 'Mars/Olympus' }, 'timeZone', 'invalid_time_zone'],
    ['a latitude off the globe', 'location', { location: { lat: 91, lng: 0 } }, 'location.lat', 'too_big_number'],
    ['a 40 m truck', 'location', { vehicleLengthM: 40 }, 'vehicleLengthM', 'too_big_number'],
    ['an unknown power source', 'location', { powerSource: 'nuclear' }, 'powerSource', 'invalid_value'],
  ] as const)('refuses %s with a field error and changes nothing', async (_name, step, payload, path, code) => {
    const vendor = await signUp(app);
    const draft = await createDraft(app, vendor);
    const res = await call(app, vendor, 'PUT', `/trucks/${draft.id}/${step}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path, code })]);
    expect((await call(app, vendor, 'GET', `/trucks/${draft.id}`)).json()).toEqual({ ...draft, updatedAt: draft.updatedAt });
  });

  it('refuses a logo or photo that is not one of this truck’s uploads of that kind', async () => {
    const vendor = await signUp(app);
    const draft = await createDraft(app, vendor);
    const otherVendor = await signUp(app);
    const otherDraft = await createDraft(app, otherVendor);
    const foreign = await upload(otherVendor, otherDraft.id, 'logo');
    const photo = await upload(vendor, draft.id, 'photo');

    const res = await call(app, vendor, 'PUT', `/trucks/${draft.id}/basics`, { logoId: foreign.id, photoIds: [photo.id, crypto.randomUUID()] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ path: 'logoId', code: 'upload_invalid', message: expect.any(String) }]);
    const asLogo = await call(app, vendor, 'PUT', `/trucks/${draft.id}/basics`, { logoId: photo.id });
    expect(asLogo.json().error.fields).toEqual([expect.objectContaining({ path: 'logoId', code: 'upload_invalid' })]);
    const twice = await call(app, vendor, 'PUT', `/trucks/${draft.id}/basics`, { photoIds: [photo.id, photo.id] });
    expect(twice.json().error.fields).toEqual([expect.objectContaining({ path: 'photoIds', code: 'duplicate_photo' })]);
  });

  it('locks the application while it is under review', async () => {
    const vendor = await signUp(app);
    const truck = await submittedTruck(app, vendor);
    const res = await call(app, vendor, 'PUT', `/trucks/${truck.id}/basics`, BASICS);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'truck_locked', details: { status: 'submitted' } });
    expect((await call(app, vendor, 'PUT', `/trucks/${truck.id}/location`, LOCATION)).statusCode).toBe(409);
    // Submitted is not a draft: the vendor may start another truck.
    expect((await call(app, vendor, 'POST', '/trucks')).statusCode).toBe(201);
  });
});

describe('public configuration', () => {
  it('tells the web app the tile URL (OpenStreetMap by default, null when switched off) and its attribution', async () => {
    // OpenStreetMap's standard tiles by default (the web app adds their attribution), others when configured.
    expect((await app.inject({ method: 'GET', url: '/api/v1/config' })).json()).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', tileAttribution: null });
    const withTiles = await createTestApp({ config: { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', tileAttribution: '© Example' } });
    expect((await withTiles.app.inject({ method: 'GET', url: '/api/v1/config' })).json()).toEqual({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', tileAttribution: '© Example' });
    const without = await createTestApp({ config: { tileUrl: undefined } });
    expect((await without.app.inject({ method: 'GET', url: '/api/v1/config' })).json()).toEqual({ tileUrl: null, tileAttribution: null });
  });
});
