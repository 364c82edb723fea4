/**
 * Delivery zones through the real app: the three shapes, refusals of bad shapes and bad GeoJSON
 * that change nothing, saving against a version, who may do what, and the "test a point" tool
 * (which must see every change at once, although the intake's zones are kept compiled in memory).
 */
import type { Truck } from '@domain/trucks';
import type { Zone, ZoneList } from '@domain/zones';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '@testing/accounts';
import { shiftAroundNow } from '@testing/schedules';
import { createTestApp } from '@testing/test-app';
import { approvedTruck, call } from '@testing/trucks';
import { truckMembers } from '../../db/tables/trucks';
import { deliveryZones } from '../../db/tables/zones';

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
});

const ARABIC = /[\u0600-\u06FF]/;

async function vendorWithTruck(): Promise<{ owner: SignedUp; truck: Truck }> {
  const owner = await signUp(app);
  return { owner, truck: await approvedTruck(app, owner, admin) };
}

const zonesUrl = (truck: Truck) => `/trucks/${truck.id}/zones`;
const list = async (user: SignedUp, truck: Truck) => (await call(app, user, 'GET', zonesUrl(truck))).json() as ZoneList;
const create = (user: SignedUp, truck: Truck, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/v1${zonesUrl(truck)}`, headers: { ...bearer(user.token), ...headers }, payload: body as object });
const testPoint = async (user: SignedUp, truck: Truck, lat: number, lng: number, subtotal = 5000) =>
  (await call(app, user, 'POST', `${zonesUrl(truck)}/test`, { lat, lng, subtotal })).json();

// Around Sharq, Kuwait City. Positions are GeoJSON's [lng, lat].
const SHARQ = { lat: 29.385, lng: 47.995 };
const SQUARE = [
  [47.98, 29.37],
  [48.01, 29.37],
  [48.01, 29.4],
  [47.98, 29.4],
];
const zone = (shape: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'Sharq',
  shape,
  feeRules: [{ when: 'above', subtotal: 10_000, fee: 0 }, { when: 'all', fee: 750 }],
  minimumOrder: 3000,
  estimatedMinutes: 30,
  ...extra,
});
const circle = (radiusM = 3000, center = SHARQ) => ({ kind: 'circle', center, radiusM });
const polygon = (coordinates: unknown) => ({ kind: 'polygon', coordinates });

describe('creating and listing zones', () => {
  it('keeps a circle, a circle that follows the truck and a polygon (ring closed), oldest first', async () => {
    const { owner, truck } = await vendorWithTruck();
    const made = [
      await create(owner, truck, zone(circle(), { name: ' City centre ' })),
      await create(owner, truck, zone({ kind: 'truck-stop-circle', radiusM: 2500 }, { name: 'Around the truck', active: false })),
      await create(owner, truck, zone(polygon(SQUARE), { name: 'Sharq square' })),
    ];
    expect(made.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    const zones = (await list(owner, truck)).zones;
    expect(zones.map((z) => [z.name, z.shape.kind, z.active, z.version])).toEqual([
      ['City centre', 'circle', true, 1],
      ['Around the truck', 'truck-stop-circle', false, 1],
      ['Sharq square', 'polygon', true, 1],
    ]);
    expect(zones[2]!.shape).toEqual({ kind: 'polygon', coordinates: [...SQUARE, SQUARE[0]] });
    expect(zones[0]).toEqual({ ...made[0]!.json(), name: 'City centre' });
    // The truck stands at its base address (no shift names a spot); amounts are in its currency.
    expect(await list(owner, truck)).toMatchObject({ truckStop: truck.location.location, base: truck.location.location, parkingSpot: null, currency: 'KWD' });
  });

  it('refuses a truck’s zone past the 200th', async () => {
    const { owner, truck } = await vendorWithTruck();
    const row = { truckId: truck.id, name: 'Filler', shape: circle() as never, feeRules: [{ when: 'all' as const, fee: 100 }], estimatedMinutes: 20 };
    await app.database.db.insert(deliveryZones).values(Array.from({ length: 200 }, () => row));
    const res = await create(owner, truck, zone(circle()));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'too_many_zones', details: { maximum: 200 } });
  });
});

describe('refusing bad zones, in the request’s language, changing nothing', () => {
  let owner: SignedUp;
  let truck: Truck;

  beforeAll(async () => {
    ({ owner, truck } = await vendorWithTruck());
    await create(owner, truck, zone(circle()));
  });

  const BOWTIE = [
    [47.98, 29.37],
    [48.01, 29.4],
    [48.01, 29.37],
    [47.98, 29.4],
  ];
  const manyPoints = (count: number) =>
    Array.from({ length: count }, (_, i) => [47.99 + 0.02 * Math.cos((2 * Math.PI * i) / count), 29.38 + 0.02 * Math.sin((2 * Math.PI * i) / count)]);

  it.each([
    ['a self-intersecting polygon', zone(polygon(BOWTIE)), 'shape.coordinates', 'polygon_self_intersecting'],
    ['a polygon of two points', zone(polygon(SQUARE.slice(0, 2))), 'shape.coordinates', 'polygon_too_few_vertices'],
    ['a polygon of three points where two repeat', zone(polygon([SQUARE[0], SQUARE[1], SQUARE[1], SQUARE[0]])), 'shape.coordinates', 'polygon_too_few_vertices'],
    ['a polygon of 201 points', zone(polygon(manyPoints(201))), 'shape.coordinates', 'polygon_too_many_vertices'],
    ['a polygon across the 180° meridian', zone(polygon([[179.5, 10], [-179.5, 10], [-179.5, 11]])), 'shape.coordinates', 'polygon_crosses_antimeridian'],
    ['a position off the globe', zone(polygon([[200, 29.37], ...SQUARE.slice(1)])), 'shape.coordinates.0.0', 'too_big_number'],
    ['a position of three numbers', zone(polygon([[47.98, 29.37, 12], ...SQUARE.slice(1)])), 'shape.coordinates.0', 'too_big_array'],
    ['a position as an object', zone(polygon([{ lng: 47.98, lat: 29.37 }, ...SQUARE.slice(1)])), 'shape.coordinates.0', 'invalid_type'],
    ['coordinates as a string', zone(polygon('29.37,47.98 29.4,48.01')), 'shape.coordinates', 'invalid_type'],
    ['a GeoJSON geometry instead of a shape', zone({ type: 'Polygon', coordinates: [SQUARE] }), 'shape.kind', 'invalid_union'],
    ['a radius over 50 km', zone(circle(50_001)), 'shape.radiusM', 'radius_too_large'],
    ['a radius of zero', zone(circle(0)), 'shape.radiusM', 'too_small_number'],
    ['a circle without a centre', zone({ kind: 'circle', radiusM: 1000 }), 'shape.center', 'required'],
    ['a fee rule of an unknown kind', zone(circle(), { feeRules: [{ when: 'sometimes', fee: 100 }] }), 'feeRules.0.when', 'invalid_union'],
    ['no fee rules', zone(circle(), { feeRules: [] }), 'feeRules', 'too_small_array'],
    ['a fractional fee', zone(circle(), { feeRules: [{ when: 'all', fee: 1.5 }] }), 'feeRules.0.fee', 'invalid_type'],
    ['a negative minimum order', zone(circle(), { minimumOrder: -1 }), 'minimumOrder', 'too_small_number'],
    ['an estimate of zero minutes', zone(circle(), { estimatedMinutes: 0 }), 'estimatedMinutes', 'too_small_number'],
    ['a blank name', zone(circle(), { name: '   ' }), 'name', 'too_small_string'],
  ])('refuses %s', async (_name, body, path, code) => {
    const res = await create(owner, truck, body, { 'accept-language': 'ar' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toContainEqual(expect.objectContaining({ path, code, message: expect.stringMatching(ARABIC) }));
    expect((await list(owner, truck)).zones).toHaveLength(1);
  });

  it('names where a polygon crosses itself', async () => {
    const res = await create(owner, truck, zone(polygon(BOWTIE)));
    expect(res.json().error.fields[0]).toMatchObject({ params: { lng: expect.closeTo(47.995, 9), lat: expect.closeTo(29.385, 9) }, message: expect.stringContaining('crosses itself') });
  });
});

describe('saving and deleting', () => {
  it('saves against the version it started from, refusing a stale one with 409', async () => {
    const { owner, truck } = await vendorWithTruck();
    const made = (await create(owner, truck, zone(circle()))).json() as Zone;
    const url = `${zonesUrl(truck)}/${made.id}`;
    const saved = await call(app, owner, 'PUT', url, zone(circle(5000), { name: 'Wider', version: 1 }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: made.id, name: 'Wider', shape: { radiusM: 5000 }, version: 2 });
    const stale = await call(app, owner, 'PUT', url, zone(circle(100), { version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'conflict', details: { version: 2 } });
    const bad = await call(app, owner, 'PUT', url, zone(circle(60_000), { version: 2 }));
    expect(bad.statusCode).toBe(400);
    expect((await list(owner, truck)).zones).toEqual([saved.json()]);
  });

  it('deletes, then answers 404 for that zone', async () => {
    const { owner, truck } = await vendorWithTruck();
    const made = (await create(owner, truck, zone(circle()))).json() as Zone;
    const url = `${zonesUrl(truck)}/${made.id}`;
    expect((await call(app, owner, 'DELETE', url)).statusCode).toBe(204);
    expect((await list(owner, truck)).zones).toEqual([]);
    const again = await call(app, owner, 'DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('zone_not_found');
    expect((await call(app, owner, 'PUT', url, zone(circle(), { version: 1 }))).statusCode).toBe(404);
  });
});

describe('testing a point', () => {
  it('names the zone, fee and estimate, or why not; the lowest fee wins where zones overlap', async () => {
    const { owner, truck } = await vendorWithTruck();
    await create(owner, truck, zone(circle(1000), { name: 'Near', feeRules: [{ when: 'all', fee: 500 }], estimatedMinutes: 20 }));
    await create(owner, truck, zone(polygon(SQUARE), { name: 'Square', feeRules: [{ when: 'below', subtotal: 4000, fee: null }, { when: 'all', fee: 250 }], minimumOrder: 0, estimatedMinutes: 35 }));

    expect(await testPoint(owner, truck, 29.385, 47.995, 5000)).toEqual({ delivers: true, zone: { id: expect.any(String), name: 'Square' }, fee: 250, estimatedMinutes: 35 });
    expect(await testPoint(owner, truck, 29.385, 47.995, 3500)).toMatchObject({ delivers: true, zone: { name: 'Near' }, fee: 500 });
    expect(await testPoint(owner, truck, 29.385, 47.995, 2000)).toEqual({ delivers: false, reason: 'below_minimum', minimumOrder: 3000 });
    expect(await testPoint(owner, truck, 29.372, 48.009, 2000)).toEqual({ delivers: false, reason: 'no_delivery_for_subtotal' });
    expect(await testPoint(owner, truck, 29.2, 47.9, 5000)).toEqual({ delivers: false, reason: 'outside_all_zones' });
  });

  it('sees every change at once: a moved zone, a switched-off zone', async () => {
    const { owner, truck } = await vendorWithTruck();
    const made = (await create(owner, truck, zone(circle(2000)))).json() as Zone;
    const far = { lat: 29.33, lng: 48.07 };
    expect(await testPoint(owner, truck, far.lat, far.lng)).toMatchObject({ reason: 'outside_all_zones' });
    const moved = (await call(app, owner, 'PUT', `${zonesUrl(truck)}/${made.id}`, zone(circle(2000, far), { version: 1 }))).json() as Zone;
    expect(await testPoint(owner, truck, far.lat, far.lng)).toMatchObject({ delivers: true, zone: { id: made.id } });
    await call(app, owner, 'PUT', `${zonesUrl(truck)}/${made.id}`, zone(circle(2000, far), { version: moved.version, active: false }));
    expect(await testPoint(owner, truck, far.lat, far.lng)).toEqual({ delivers: false, reason: 'no_active_zones' });
  });

  it('centres a circle that follows the truck on the spot of the shift under way', async () => {
    const { owner, truck } = await vendorWithTruck();
    const spot = { address: 'Marina Crescent, Salmiya', lat: 29.341, lng: 48.086 };
    await create(owner, truck, zone({ kind: 'truck-stop-circle', radiusM: 1500 }, { name: 'Around the truck' }));
    // At its base address in Sharq, the truck does not reach Salmiya.
    expect(await testPoint(owner, truck, 29.345, 48.09)).toMatchObject({ reason: 'outside_all_zones' });
    const around = shiftAroundNow('Asia/Kuwait', 60, 60, { spot });
    await call(app, owner, 'PUT', `/trucks/${truck.id}/hours`, { timeZone: 'Asia/Kuwait', days: { [around.day]: [around.shift] }, version: 0 });
    expect((await list(owner, truck)).truckStop).toEqual({ lat: spot.lat, lng: spot.lng });
    // Both are marked on the map: the base, and the spot the shift parks the truck at.
    expect(await list(owner, truck)).toMatchObject({ base: truck.location.location, parkingSpot: spot });
    expect(await testPoint(owner, truck, 29.345, 48.09)).toMatchObject({ delivers: true, zone: { name: 'Around the truck' } });
  });

  it.each([
    ['a latitude off the globe', { lat: 120, lng: 47 }, 'lat', 'too_big_number'],
    ['a longitude in words', { lat: 29, lng: 'east' }, 'lng', 'invalid_type'],
    ['a missing point', { subtotal: 100 }, 'lat', 'required'],
    ['a negative subtotal', { lat: 29, lng: 47, subtotal: -1 }, 'subtotal', 'too_small_number'],
  ])('refuses %s', async (_name, body, path, code) => {
    const { owner, truck } = await vendorWithTruck();
    const res = await call(app, owner, 'POST', `${zonesUrl(truck)}/test`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toContainEqual(expect.objectContaining({ path, code }));
  });
});

describe('who may see and change zones', () => {
  it('lets staff list and test but not change (403), and answers 404 to anyone else, changing nothing', async () => {
    const { owner, truck } = await vendorWithTruck();
    const made = (await create(owner, truck, zone(circle()))).json() as Zone;
    const staff = await signUp(app, { roles: ['Staff'] });
    const stranger = (await vendorWithTruck()).owner;
    await app.database.db.insert(truckMembers).values({ truckId: truck.id, userId: staff.user.id });
    await app.readCache.settle();

    expect((await call(app, staff, 'GET', zonesUrl(truck))).statusCode).toBe(200);
    expect((await call(app, staff, 'POST', `${zonesUrl(truck)}/test`, SHARQ)).statusCode).toBe(200);
    for (const user of [staff, stranger, admin]) {
      const writes = [
        await create(user, truck, zone(circle())),
        await call(app, user, 'PUT', `${zonesUrl(truck)}/${made.id}`, zone(circle(10), { version: 1 })),
        await call(app, user, 'DELETE', `${zonesUrl(truck)}/${made.id}`),
      ];
      const refused = user === staff ? 403 : 404;
      expect(writes.map((res) => res.statusCode)).toEqual([refused, refused, refused]);
    }
    for (const user of [stranger, admin]) {
      expect((await call(app, user, 'GET', zonesUrl(truck))).statusCode).toBe(404);
      expect((await call(app, user, 'POST', `${zonesUrl(truck)}/test`, SHARQ)).statusCode).toBe(404);
    }
    expect((await list(owner, truck)).zones).toEqual([made]);
  });

  it('keeps one truck’s zone out of another truck’s reach by id', async () => {
    const a = await vendorWithTruck();
    const b = await vendorWithTruck();
    const made = (await create(a.owner, a.truck, zone(circle()))).json() as Zone;
    const res = await call(app, b.owner, 'DELETE', `${zonesUrl(b.truck)}/${made.id}`);
    expect(res.statusCode).toBe(404);
    expect((await list(a.owner, a.truck)).zones).toHaveLength(1);
  });
});
