/**
 * A truck past its draft keeps what its forms require: an empty (or blanked) save of the basics or the
 * location is refused naming each field, and changes nothing the customers or the review see.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { approvedTruck, BASICS, call, createDraft, LOCATION } from '@testing/trucks';

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
});

describe('saving the steps of an approved truck', () => {
  it('refuses an empty basics body naming the required fields, and keeps name and logo', async () => {
    const vendor = await signUp(app);
    const truck = await approvedTruck(app, vendor, admin);
    const res = await call(app, vendor, 'PUT', `/trucks/${truck.id}/basics`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields.map((field: { path: string; code: string }) => `${field.path}:${field.code}`)).toEqual(['nameEn:required', 'nameAr:required', 'cuisines:required']);
    const after = (await call(app, vendor, 'GET', `/trucks/${truck.id}`)).json();
    expect(after.basics).toEqual(truck.basics);
    expect(after.basics.logoId).not.toBeNull();
  });

  it('refuses an empty or blanked location, in Arabic too, and keeps the address and phone', async () => {
    const vendor = await signUp(app);
    const truck = await approvedTruck(app, vendor, admin);
    const empty = await call(app, vendor, 'PUT', `/trucks/${truck.id}/location`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.map((field: { path: string }) => field.path)).toEqual(['baseCity', 'address', 'location', 'phone', 'vehicleLengthM', 'powerSource']);
    const blanked = await app.inject({
      method: 'PUT',
      url: `/api/v1/trucks/${truck.id}/location`,
      headers: { authorization: `Bearer ${vendor.token}`, 'accept-language': 'ar' },
      payload: { ...LOCATION, address: '   ', phone: null },
    });
    expect(blanked.statusCode).toBe(400);
    expect(blanked.json().error.fields).toEqual([
      expect.objectContaining({ path: 'address', code: 'required', message: expect.stringMatching(/[\u0600-\u06ff]/) }),
      expect.objectContaining({ path: 'phone', code: 'required' }),
    ]);
    const after = (await call(app, vendor, 'GET', `/trucks/${truck.id}`)).json();
    expect(after.location).toMatchObject({ address: LOCATION.address, phone: LOCATION.phone });
    const page = await app.inject({ method: 'GET', url: `/api/v1/public/trucks/${truck.slug}/menu` });
    expect(page.statusCode).toBeLessThan(500);
  });

  it('still saves a full body', async () => {
    const vendor = await signUp(app);
    const truck = await approvedTruck(app, vendor, admin);
    const res = await call(app, vendor, 'PUT', `/trucks/${truck.id}/basics`, { ...BASICS, nameEn: 'Falafel Express 2', logoId: truck.basics.logoId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().basics).toMatchObject({ nameEn: 'Falafel Express 2', logoId: truck.basics.logoId });
  });

  it('lets a draft be saved as far as it is filled', async () => {
    const vendor = await signUp(app);
    const draft = await createDraft(app, vendor);
    expect((await call(app, vendor, 'PUT', `/trucks/${draft.id}/basics`, { nameEn: 'Half done' })).statusCode).toBe(200);
    expect((await call(app, vendor, 'PUT', `/trucks/${draft.id}/location`, {})).statusCode).toBe(200);
  });
});
