/**
 * Operating hours through the real app: saving shifts (past midnight too), refusals that change
 * nothing, the pause, who may read and write, and the public "open? delivers here?" answer.
 */
import type { Hours, HoursUpdateInput } from '@domain/hours';
import type { Truck } from '@domain/trucks';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '@testing/accounts';
import { shiftAroundNow, weekdayIn } from '@testing/schedules';
import { anotherInstance, createTestApp } from '@testing/test-app';
import { approvedTruck, call } from '@testing/trucks';
import { truckMembers, trucks } from '../../db/tables/trucks';

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
});

const KUWAIT = 'Asia/Kuwait';
const ARABIC = /[\u0600-\u06FF]/;

async function vendorWithTruck(): Promise<{ owner: SignedUp; truck: Truck }> {
  const owner = await signUp(app);
  return { owner, truck: await approvedTruck(app, owner, admin) };
}

const getHours = async (user: SignedUp, truck: Truck) => call(app, user, 'GET', `/trucks/${truck.id}/hours`);
const putHours = (user: SignedUp, truck: Truck, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url: `/api/v1/trucks/${truck.id}/hours`, headers: { ...bearer(user.token), ...headers }, payload: body as object });

const LUNCH_AND_LATE = { mon: [{ opens: '11:30', closes: '15:00' }, { opens: '19:00', closes: '01:30', deliveryEnabled: false }] };

describe('saving the weekly hours', () => {
  it('starts empty in the truck’s time zone, then keeps shifts past midnight, spots and exceptions', async () => {
    const { owner, truck } = await vendorWithTruck();
    const empty = (await getHours(owner, truck)).json() as Hours;
    expect(empty).toMatchObject({ timeZone: KUWAIT, version: 0, exceptions: {}, pausedUntil: null, status: { open: false, reason: 'closed', opensAt: null } });
    expect(empty.days.fri).toEqual([]);

    const spot = { address: 'Marina Crescent, Salmiya', lat: 29.341, lng: 48.086 };
    const update: HoursUpdateInput = {
      timeZone: KUWAIT,
      days: { ...LUNCH_AND_LATE, fri: [{ opens: '18:00', closes: '02:00', spot }] },
      exceptions: { '2099-02-25': { kind: 'closed' }, '2099-03-01': { kind: 'shifts', shifts: [{ opens: '16:00', closes: '23:00' }] } },
      version: 0,
    };
    const saved = await putHours(owner, truck, update);
    expect(saved.statusCode).toBe(200);
    const hours = saved.json() as Hours;
    expect(hours.version).toBe(1);
    expect(hours.days.mon).toEqual([
      { opens: '11:30', closes: '15:00', deliveryEnabled: true },
      { opens: '19:00', closes: '01:30', deliveryEnabled: false },
    ]);
    expect(hours.days.fri).toEqual([{ opens: '18:00', closes: '02:00', deliveryEnabled: true, spot }]);
    expect(hours.status.open === true || hours.status.opensAt !== null).toBe(true);
    expect((await getHours(owner, truck)).json()).toEqual(hours);
  });

  it('is open now during a shift that runs past midnight into today, until it closes', async () => {
    const { owner, truck } = await vendorWithTruck();
    const around = shiftAroundNow(KUWAIT, 3 * 60, 60);
    const res = await putHours(owner, truck, { timeZone: KUWAIT, days: { [around.day]: [around.shift] }, version: 0 });
    expect(res.json().status).toEqual({ open: true, until: around.closesAt });
  });

  it('makes the saved time zone the truck’s own', async () => {
    const { owner, truck } = await vendorWithTruck();
    expect((await putHours(owner, truck, { timeZone: 'Europe/London', days: LUNCH_AND_LATE, version: 0 })).statusCode).toBe(200);
    expect((await call(app, owner, 'GET', `/trucks/${truck.id}`)).json().location.timeZone).toBe('Europe/London');
    expect((await getHours(owner, truck)).json().timeZone).toBe('Europe/London');
  });

  it('drops exceptions of dates already past, keeping yesterday’s for its overnight spill', async () => {
    const { owner, truck } = await vendorWithTruck();
    const today = Temporal.Now.plainDateISO(KUWAIT);
    const exceptions = Object.fromEntries([-30, -2, -1, 0, 5].map((days) => [today.add({ days }).toString(), { kind: 'closed' }]));
    const res = await putHours(owner, truck, { timeZone: KUWAIT, days: {}, exceptions, version: 0 });
    expect(Object.keys(res.json().exceptions).sort()).toEqual([-1, 0, 5].map((days) => today.add({ days }).toString()));
  });

  it('refuses a save over a newer version with 409 and keeps the newer one', async () => {
    const { owner, truck } = await vendorWithTruck();
    expect((await putHours(owner, truck, { timeZone: KUWAIT, days: LUNCH_AND_LATE, version: 0 })).statusCode).toBe(200);
    for (const version of [0, 2]) {
      const stale = await putHours(owner, truck, { timeZone: KUWAIT, days: {}, version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({ code: 'conflict', details: { version: 1 } });
    }
    expect((await getHours(owner, truck)).json()).toMatchObject({ version: 1, days: { mon: [{ opens: '11:30' }, { opens: '19:00' }] } });
  });
});

describe('refusing bad hours, in the request’s language, changing nothing', () => {
  let owner: SignedUp;
  let truck: Truck;
  let before: Hours;

  beforeAll(async () => {
    ({ owner, truck } = await vendorWithTruck());
    before = (await putHours(owner, truck, { timeZone: KUWAIT, days: LUNCH_AND_LATE, version: 0 })).json() as Hours;
  });

  const base = (change: Record<string, unknown>) => ({ timeZone: KUWAIT, days: {}, version: 1, ...change });

  it.each([
    ['an hour past 23', base({ days: { tue: [{ opens: '25:00', closes: '02:00' }] } }), 'days.tue.0.opens', 'invalid_format'],
    ['24:00', base({ days: { tue: [{ opens: '18:00', closes: '24:00' }] } }), 'days.tue.0.closes', 'invalid_format'],
    ['a time without leading zero', base({ days: { tue: [{ opens: '9:00', closes: '12:00' }] } }), 'days.tue.0.opens', 'invalid_format'],
    ['a time with seconds', base({ days: { tue: [{ opens: '09:00:00', closes: '12:00' }] } }), 'days.tue.0.opens', 'invalid_format'],
    ['a time in words', base({ days: { tue: [{ opens: 'noon', closes: '15:00' }] } }), 'days.tue.0.opens', 'invalid_format'],
    ['a time as a number', base({ days: { tue: [{ opens: 900, closes: '15:00' }] } }), 'days.tue.0.opens', 'invalid_type'],
    ['a missing closing time', base({ days: { tue: [{ opens: '09:00' }] } }), 'days.tue.0.closes', 'required'],
    ['an unknown weekday', base({ days: { funday: [] } }), 'days', 'unrecognized_keys'],
    ['an unknown time zone', base({ timeZone: 'Mars/Olympus_Mons' }), 'timeZone', 'invalid_time_zone'],
    ['a fixed offset for a time zone', base({ timeZone: '+03:00' }), 'timeZone', 'invalid_time_zone'],
    ['a missing version', { timeZone: KUWAIT, days: {} }, 'version', 'required'],
    ['an impossible exception date', base({ exceptions: { '2099-02-30': { kind: 'closed' } } }), 'exceptions.2099-02-30', 'invalid_key'],
    ['an exception of an unknown kind', base({ exceptions: { '2099-03-01': { kind: 'holiday' } } }), 'exceptions.2099-03-01.kind', 'invalid_union'],
    ['replacement shifts with none', base({ exceptions: { '2099-03-01': { kind: 'shifts', shifts: [] } } }), 'exceptions.2099-03-01.shifts', 'too_small_array'],
    ['a spot without a pin', base({ days: { tue: [{ opens: '09:00', closes: '12:00', spot: { address: 'Souq Sharq' } }] } }), 'days.tue.0.spot.lat', 'required'],
    ['a spot off the globe', base({ days: { tue: [{ opens: '09:00', closes: '12:00', spot: { address: 'X', lat: 95, lng: 0 } }] } }), 'days.tue.0.spot.lat', 'too_big_number'],
    ['more exceptions than allowed', base({ exceptions: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [Temporal.PlainDate.from('2099-01-01').add({ days: i }).toString(), { kind: 'closed' }])) }), 'exceptions', 'too_many_exceptions'],
  ])('refuses %s', async (_name, body, path, code) => {
    const res = await putHours(owner, truck, body, { 'accept-language': 'ar' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields).toContainEqual(expect.objectContaining({ path, code, message: expect.stringMatching(ARABIC) }));
    expect((await getHours(owner, truck)).json()).toEqual({ ...before, status: expect.anything() });
  });

  it('refuses overlapping shifts of a day, naming both', async () => {
    const res = await putHours(owner, truck, base({ days: { wed: [{ opens: '12:00', closes: '15:00' }, { opens: '14:00', closes: '17:00' }] } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      {
        path: 'days.wed.1',
        code: 'shift_overlap',
        params: { code: 'shift_overlap', day: 'wed', shift: '14:00–17:00', other: '12:00–15:00' },
        message: 'This shift (14:00–17:00) overlaps the shift 12:00–15:00 on the same day.',
      },
    ]);
  });

  it('refuses a shift running past midnight into the next day’s first shift, Sunday into Monday too', async () => {
    const res = await putHours(owner, truck, base({ days: { sun: [{ opens: '20:00', closes: '03:00' }], mon: [{ opens: '02:00', closes: '06:00' }] } }), { 'accept-language': 'ar' });
    expect(res.statusCode).toBe(400);
    const [field] = res.json().error.fields;
    expect(field).toMatchObject({ path: 'days.sun.0', code: 'shift_overlap_overnight', params: { shift: '20:00–03:00', other: '02:00–06:00', otherDay: 'mon' } });
    expect(field.message).toMatch(ARABIC);
    expect(field.message).toContain('20:00–03:00');
    expect(field.message).toContain('02:00–06:00');
  });

  it('refuses an exception day starting before the previous night’s shift has ended', async () => {
    const date = Temporal.PlainDate.from('2099-03-03'); // a Tuesday
    const res = await putHours(owner, truck, base({ days: { mon: [{ opens: '22:00', closes: '04:00' }] }, exceptions: { [date.toString()]: { kind: 'shifts', shifts: [{ opens: '03:00', closes: '09:00' }] } } }));
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path: 'exceptions.2099-03-03.shifts.0', code: 'shift_overlap_previous_night' })]);
  });

  it('refuses a body that is not JSON, or not an object', async () => {
    const broken = await app.inject({
      method: 'PUT',
      url: `/api/v1/trucks/${truck.id}/hours`,
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: '{"timeZone": "Asia/Kuwait", "days": {',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('malformed_json');
    const list = await putHours(owner, truck, [1, 2, 3]);
    expect(list.statusCode).toBe(400);
    expect((await getHours(owner, truck)).json().version).toBe(1);
  });
});

describe('pausing orders', () => {
  const pause = (user: SignedUp, truck: Truck, body: unknown) => call(app, user, 'PUT', `/trucks/${truck.id}/hours/pause`, body);

  it('pauses for 15 minutes during a shift, so the truck is closed until then, and resumes', async () => {
    const { owner, truck } = await vendorWithTruck();
    const around = shiftAroundNow(KUWAIT, 60, 120);
    await putHours(owner, truck, { timeZone: KUWAIT, days: { [around.day]: [around.shift] }, version: 0 });
    const before = Date.now();
    const paused = await pause(owner, truck, { kind: 'minutes', minutes: 15 });
    expect(paused.statusCode).toBe(200);
    const hours = paused.json() as Hours;
    const until = Date.parse(hours.pausedUntil!);
    expect(until - before).toBeGreaterThanOrEqual(15 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(hours.status).toEqual({ open: false, reason: 'paused', opensAt: hours.pausedUntil });
    const [row] = await app.database.db.select({ pausedUntil: trucks.pausedUntil }).from(trucks).where(eq(trucks.id, truck.id));
    expect(row?.pausedUntil?.getTime()).toBe(until);

    const resumed = await call(app, owner, 'DELETE', `/trucks/${truck.id}/hours/pause`);
    expect(resumed.json()).toMatchObject({ pausedUntil: null, status: { open: true } });
  });

  it('pauses until a chosen time, and the weekly save leaves the pause alone', async () => {
    const { owner, truck } = await vendorWithTruck();
    const until = Temporal.Now.instant().add({ hours: 3 }).round({ smallestUnit: 'minute', roundingMode: 'ceil' });
    const res = await pause(owner, truck, { kind: 'until', until: until.toZonedDateTimeISO(KUWAIT).toString({ timeZoneName: 'never' }) });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().pausedUntil)).toBe(until.epochMilliseconds);
    const saved = await putHours(owner, truck, { timeZone: KUWAIT, days: LUNCH_AND_LATE, version: 0 });
    expect(Date.parse(saved.json().pausedUntil)).toBe(until.epochMilliseconds);
  });

  it.each([
    ['an odd number of minutes', { kind: 'minutes', minutes: 20 }, 'minutes', 'invalid_value'],
    ['a time already past', { kind: 'until', until: '2020-01-01T10:00:00+03:00' }, 'until', 'pause_in_past'],
    ['a time more than a day ahead', { kind: 'until', until: Temporal.Now.instant().add({ hours: 25 }).toString() }, 'until', 'pause_too_long'],
    ['a time without an offset', { kind: 'until', until: '2099-01-01T10:00:00' }, 'until', 'invalid_format'],
    ['both at once', { kind: 'minutes', minutes: 15, until: '2099-01-01T10:00:00Z' }, '', 'unrecognized_keys'],
  ])('refuses %s', async (_name, body, path, code) => {
    const { owner, truck } = await vendorWithTruck();
    const res = await pause(owner, truck, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path, code })]);
    expect((await getHours(owner, truck)).json().pausedUntil).toBeNull();
  });
});

describe('who may see and change the hours', () => {
  it('lets staff read but not write (403), and answers 404 to anyone else, changing nothing', async () => {
    const { owner, truck } = await vendorWithTruck();
    const staff = await signUp(app, { roles: ['Staff'] });
    const stranger = (await vendorWithTruck()).owner;
    await app.database.db.insert(truckMembers).values({ truckId: truck.id, userId: staff.user.id });
    await app.readCache.settle();

    expect((await getHours(staff, truck)).statusCode).toBe(200);
    for (const user of [staff, stranger, admin]) {
      const writes = [
        await putHours(user, truck, { timeZone: KUWAIT, days: LUNCH_AND_LATE, version: 0 }),
        await call(app, user, 'PUT', `/trucks/${truck.id}/hours/pause`, { kind: 'minutes', minutes: 60 }),
        await call(app, user, 'DELETE', `/trucks/${truck.id}/hours/pause`),
      ];
      const refused = user === staff ? 403 : 404;
      expect(writes.map((res) => res.statusCode)).toEqual([refused, refused, refused]);
    }
    for (const user of [stranger, admin]) expect((await getHours(user, truck)).statusCode).toBe(404);
    expect((await getHours(owner, truck)).json()).toMatchObject({ version: 0, pausedUntil: null });
    const anonymous = await app.inject({ method: 'GET', url: `/api/v1/trucks/${truck.id}/hours` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a truck id that is not a truck', async () => {
    const { owner } = await vendorWithTruck();
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) expect((await call(app, owner, 'GET', `/trucks/${id}/hours`)).statusCode).toBe(404);
  });
});

describe('the public availability question', () => {
  const ask = (slug: string, query = '', lang = 'en') =>
    app.inject({ method: 'GET', url: `/api/v1/public/trucks/${slug}/availability${query}`, headers: { 'accept-language': lang } });

  it('says open until the shift ends, and which zone delivers where, without signing in', async () => {
    const { owner, truck } = await vendorWithTruck();
    const around = shiftAroundNow(KUWAIT, 30, 90);
    await putHours(owner, truck, { timeZone: KUWAIT, days: { [around.day]: [around.shift] }, version: 0 });
    const circle = { name: 'Sharq', shape: { kind: 'circle', center: { lat: 29.38, lng: 47.99 }, radiusM: 3000 }, feeRules: [{ when: 'all', fee: 500 }], minimumOrder: 2000, estimatedMinutes: 25 };
    expect((await call(app, owner, 'POST', `/trucks/${truck.id}/zones`, circle)).statusCode).toBe(201);

    const plain = await ask(truck.slug!);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ status: { open: true, until: around.closesAt }, delivery: null, currency: 'KWD', timeZone: KUWAIT });

    const inside = await ask(truck.slug!, '?lat=29.381&lng=47.991&subtotal=2500');
    expect(inside.json().delivery).toEqual({ delivers: true, zone: { id: expect.any(String), name: 'Sharq' }, fee: 500, estimatedMinutes: 25 });
    expect((await ask(truck.slug!, '?lat=29.381&lng=47.991&subtotal=1000')).json().delivery).toEqual({ delivers: false, reason: 'below_minimum', minimumOrder: 2000 });
    expect((await ask(truck.slug!, '?lat=29.2&lng=48.1&subtotal=2500')).json().delivery).toEqual({ delivers: false, reason: 'outside_all_zones' });
  });

  it('says when a closed truck opens, and that delivery is off when the shift says so', async () => {
    const { owner, truck } = await vendorWithTruck();
    const tomorrow = weekdayIn(KUWAIT, 1);
    await putHours(owner, truck, { timeZone: KUWAIT, days: { [tomorrow]: [{ opens: '12:00', closes: '15:00', deliveryEnabled: false }] }, version: 0 });
    const opensAt = new Date(Temporal.Now.plainDateISO(KUWAIT).add({ days: 1 }).toZonedDateTime({ timeZone: KUWAIT, plainTime: '12:00' }).epochMilliseconds).toISOString();
    const res = (await ask(truck.slug!, '?lat=29.38&lng=47.99')).json();
    expect(res.status).toEqual({ open: false, reason: 'closed', opensAt });
    expect(res.delivery).toEqual({ delivers: false, reason: 'delivery_off' });
  });

  it('says a suspended truck is not trading, whatever its hours', async () => {
    const { owner, truck } = await vendorWithTruck();
    await putHours(owner, truck, { timeZone: KUWAIT, days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ opens: '00:00', closes: '00:00' }]])), version: 0 });
    expect((await ask(truck.slug!)).json().status.open).toBe(true);
    await call(app, admin, 'POST', `/trucks/${truck.id}/review`, { action: 'suspend', reason: 'Expired permit on inspection' });
    expect((await ask(truck.slug!)).json().status).toEqual({ open: false, reason: 'not_trading', opensAt: null });
  });

  it.each([
    ['a latitude without a longitude', '?lat=29.3', 'lng', 'required'],
    ['a latitude in words', '?lat=north&lng=47.9', 'lat', 'invalid_type'],
    ['a latitude off the globe', '?lat=91&lng=47.9', 'lat', 'too_big_number'],
    ['a negative subtotal', '?lat=29&lng=47&subtotal=-5', 'subtotal', 'too_small_number'],
    ['a fractional subtotal', '?lat=29&lng=47&subtotal=1.5', 'subtotal', 'invalid_type'],
  ])('refuses %s with a localized 400', async (_name, query, path, code) => {
    const { truck } = await vendorWithTruck();
    const res = await ask(truck.slug!, query, 'ar');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path: `querystring.${path}`, code, message: expect.stringMatching(ARABIC) })]);
  });

  it('answers 404 for an unknown truck', async () => {
    expect((await ask('no-such-truck')).statusCode).toBe(404);
  });

  it('is read from the read cache and follows the pause, a zone edit and a suspension at once, in another process too', async () => {
    const { owner, truck } = await vendorWithTruck();
    await putHours(owner, truck, { timeZone: KUWAIT, days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ opens: '00:00', closes: '00:00' }]])), version: 0 });
    const circle = { name: 'Sharq', shape: { kind: 'circle', center: { lat: 29.38, lng: 47.99 }, radiusM: 3000 }, feeRules: [{ when: 'all', fee: 500 }], minimumOrder: 0, estimatedMinutes: 25 };
    const created = await call(app, owner, 'POST', `/trucks/${truck.id}/zones`, circle);
    expect(created.statusCode).toBe(201);
    const other = await anotherInstance(app);
    const near = '?lat=29.381&lng=47.991&subtotal=2500';
    const askOn = async (instance: FastifyInstance) =>
      (await instance.inject({ method: 'GET', url: `/api/v1/public/trucks/${truck.slug!}/availability${near}` })).json() as { status: { open: boolean; reason?: string }; delivery: { delivers: boolean; reason?: string } };
    for (const instance of [app, other]) expect(await askOn(instance)).toMatchObject({ status: { open: true }, delivery: { delivers: true } });
    const hits = other.readCache.stats.hits;
    await askOn(other);
    expect(other.readCache.stats.hits).toBeGreaterThan(hits);

    // Each change is answered by this process and heard by the other through its notification.
    expect((await call(app, owner, 'PUT', `/trucks/${truck.id}/hours/pause`, { kind: 'minutes', minutes: 15 })).statusCode).toBe(200);
    expect((await askOn(app)).status).toMatchObject({ open: false, reason: 'paused' });
    await expect.poll(async () => (await askOn(other)).status.reason).toBe('paused');
    expect((await call(app, owner, 'DELETE', `/trucks/${truck.id}/hours/pause`)).statusCode).toBe(200);
    await expect.poll(async () => (await askOn(other)).status.open).toBe(true);

    const zoneId = (created.json() as { id: string }).id;
    const moved = await call(app, owner, 'PUT', `/trucks/${truck.id}/zones/${zoneId}`, { ...circle, shape: { ...circle.shape, center: { lat: 29.2, lng: 48.1 } }, version: 1 });
    expect(moved.statusCode).toBe(200);
    expect((await askOn(app)).delivery).toEqual({ delivers: false, reason: 'outside_all_zones' });
    await expect.poll(async () => (await askOn(other)).delivery.reason).toBe('outside_all_zones');

    await call(app, admin, 'POST', `/trucks/${truck.id}/review`, { action: 'suspend', reason: 'Expired permit on inspection' });
    expect((await askOn(app)).status).toMatchObject({ open: false, reason: 'not_trading' });
    await expect.poll(async () => (await askOn(other)).status.reason).toBe('not_trading');
  });

  it('is described in the OpenAPI document with its query parameters', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const parameters = doc.paths['/api/v1/public/trucks/{slug}/availability'].get.parameters as { name: string; in: string }[];
    expect(parameters.filter((p) => p.in === 'query').map((p) => p.name).sort()).toEqual(['lat', 'lng', 'subtotal']);
  });
});
