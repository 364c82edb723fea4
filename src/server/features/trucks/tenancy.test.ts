/** A user never reaches another vendor's truck: every truck endpoint answers 404, exactly as for no truck at all, and changes nothing. */
import type { Truck, TruckSummary } from '@domain/trucks';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { approvedTruck, BASICS, call, demoImage, kuwaitDate, LOCATION, multipart } from '@testing/trucks';
import { truckMembers } from '../../db/tables/trucks';

let app: FastifyInstance;
let owner: SignedUp;
let admin: SignedUp;
let truck: Truck;

beforeAll(async () => {
  ({ app } = await createTestApp());
  owner = await signUp(app);
  admin = await signUp(app, { roles: ['Admin'] });
  truck = await approvedTruck(app, owner, admin);
});

interface Endpoint {
  name: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: (truckId: string) => string;
  payload?: () => Promise<{ body: unknown; headers?: Record<string, string> }>;
}

const json = (body: unknown) => async () => ({ body });

/** Every route under /trucks/:truckId, each with a request its owner could make. */
const ENDPOINTS: Endpoint[] = [
  { name: 'GET /trucks/:id', method: 'GET', url: (id) => `/trucks/${id}` },
  { name: 'PUT basics', method: 'PUT', url: (id) => `/trucks/${id}/basics`, payload: json(BASICS) },
  { name: 'PUT location', method: 'PUT', url: (id) => `/trucks/${id}/location`, payload: json(LOCATION) },
  {
    name: 'PUT documents',
    method: 'PUT',
    url: (id) => `/trucks/${id}/documents`,
    payload: json({ type: 'insurance', number: 'I-1', issuer: 'Gulf', issueDate: kuwaitDate(-1), expiryDate: kuwaitDate(300), fileId: crypto.randomUUID() }),
  },
  { name: 'DELETE documents/:type', method: 'DELETE', url: (id) => `/trucks/${id}/documents/insurance` },
  { name: 'POST submit', method: 'POST', url: (id) => `/trucks/${id}/submit` },
  { name: 'POST notices/seen', method: 'POST', url: (id) => `/trucks/${id}/notices/seen`, payload: json({ ids: [crypto.randomUUID()] }) },
  { name: 'POST review', method: 'POST', url: (id) => `/trucks/${id}/review`, payload: json({ action: 'suspend', reason: 'test' }) },
  {
    name: 'POST uploads',
    method: 'POST',
    url: (id) => `/trucks/${id}/uploads?purpose=logo`,
    payload: async () => {
      const body = multipart('file', 'logo.png', 'image/png', await demoImage('X', '#000', 'png'));
      return { body: body.payload, headers: body.headers };
    },
  },
  { name: 'GET uploads/:id (a document)', method: 'GET', url: (id) => `/trucks/${id}/uploads/${truck.documents[0]!.fileId}` },
];

async function request(user: SignedUp, endpoint: Endpoint, truckId: string) {
  const payload = await endpoint.payload?.();
  return app.inject({
    method: endpoint.method,
    url: `/api/v1${endpoint.url(truckId)}`,
    headers: { ...bearer(user.token), ...payload?.headers },
    ...(payload ? { payload: payload.body as string } : {}),
  });
}

describe('tenancy', () => {
  it.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s answers 404 to another vendor, as for no truck', async (_name, endpoint) => {
    const other = await signUp(app);
    await approvedTruck(app, other, admin);
    const res = await request(other, endpoint, truck.id);
    expect(res.statusCode).toBe(404);
    const missing = await request(other, endpoint, crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(res.json().error.code).toBe(missing.json().error.code);
    expect((await request(other, endpoint, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('changed nothing for all those attempts', async () => {
    const now = (await call(app, owner, 'GET', `/trucks/${truck.id}`)).json() as Truck;
    expect(now).toEqual({ ...truck, relation: 'owner' });
  });

  it('gives staff the truck in their list but none of the owner’s endpoints (403: they are a member)', async () => {
    const staff = await signUp(app, { roles: ['Staff'] });
    await app.database.db.insert(truckMembers).values({ truckId: truck.id, userId: staff.user.id });
    await app.readCache.settle();
    const list = (await call(app, staff, 'GET', '/trucks')).json() as TruckSummary[];
    expect(list).toEqual([expect.objectContaining({ id: truck.id, relation: 'staff', notices: [] })]);
    for (const endpoint of ENDPOINTS) {
      expect((await request(staff, endpoint, truck.id)).statusCode, endpoint.name).toBe(403);
    }
  });

  it('lists only the caller’s own trucks', async () => {
    const other = await signUp(app);
    expect((await call(app, other, 'GET', '/trucks')).json()).toEqual([]);
    const list = (await call(app, owner, 'GET', '/trucks')).json() as TruckSummary[];
    expect(list.map((t) => t.id)).toEqual([truck.id]);
  });

  it('lets admins read any truck and its documents', async () => {
    expect((await call(app, admin, 'GET', `/trucks/${truck.id}`)).json()).toMatchObject({ id: truck.id, relation: 'admin' });
    expect((await call(app, admin, 'GET', `/trucks/${truck.id}/uploads/${truck.documents[0]!.fileId}`)).statusCode).toBe(200);
    // …but not edit them.
    expect((await call(app, admin, 'PUT', `/trucks/${truck.id}/basics`, BASICS)).statusCode).toBe(404);
  });

  it('asks for a sign-in before anything else', async () => {
    for (const endpoint of ENDPOINTS.filter((e) => !e.name.startsWith('GET uploads'))) {
      const res = await app.inject({ method: endpoint.method, url: `/api/v1${endpoint.url(truck.id)}` });
      expect(res.statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: `/api/v1/trucks/${truck.id}/uploads/${truck.documents[0]!.fileId}` })).statusCode).toBe(401);
  });
});
