/**
 * Promotions through the real app: the owner's list, create (codes normalised, one per truck), save
 * against a version, deactivate and delete; who may do what; bad input refused without a change; the
 * customer's and the phone order's check, each reason worded in both languages; and the redemption
 * on a real database, with fifty customers racing for the last use of a code.
 */
import { formatMoney } from '@domain/money';
import type { Promotion, PromotionList, PromotionPreview } from '@domain/promotions';
import type { Truck } from '@domain/trucks';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyIp, bearer, signUp, type SignedUp } from '@testing/accounts';
import { addStaff } from '@testing/team';
import { createTestApp } from '@testing/test-app';
import { approvedTruck, call } from '@testing/trucks';
import { promotionRedemptions, promotions } from '../../db/tables/promotions';
import { redeemPromotion } from '../../db/queries/promotions';

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
});

const ARABIC = /[\u0600-\u06FF]/;
const KUWAIT = 'Asia/Kuwait';

async function vendorWithTruck(): Promise<{ owner: SignedUp; truck: Truck }> {
  const owner = await signUp(app);
  return { owner, truck: await approvedTruck(app, owner, admin) };
}

const url = (truck: Truck) => `/trucks/${truck.id}/promotions`;
const promo = (extra: Record<string, unknown> = {}) => ({ code: 'summer10', name: 'Summer', discount: { kind: 'percent', basisPoints: 1000 }, ...extra });
const create = async (user: SignedUp, truck: Truck, body: unknown) => call(app, user, 'POST', url(truck), body);
const created = async (user: SignedUp, truck: Truck, body: unknown): Promise<Promotion> => {
  const res = await create(user, truck, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Promotion;
};
const list = async (user: SignedUp, truck: Truck) => (await call(app, user, 'GET', url(truck))).json() as PromotionList;
const publicCheck = (truck: Truck, body: unknown, lang = 'en') =>
  app.inject({ method: 'POST', url: `/api/v1/public/trucks/${truck.slug}/promotions/check`, remoteAddress: anyIp(), headers: { 'accept-language': lang }, payload: body as object });

/** A wall-clock date-time of Kuwait `days` from now. */
const kuwaitWall = (days: number) => Temporal.Now.zonedDateTimeISO(KUWAIT).add({ days }).toPlainDateTime().toString({ smallestUnit: 'minute' });

describe('the owner’s promotions', () => {
  it('creates codes normalised, lists them oldest first with the truck’s currency and zone, and refuses a code taken', async () => {
    const { owner, truck } = await vendorWithTruck();
    const first = await created(owner, truck, promo({ code: ' summer-١٠ ' }));
    expect(first).toMatchObject({ code: 'SUMMER-10', uses: 0, version: 1, active: true, fulfilment: 'both', maxUses: null, window: null });
    const happy = await created(owner, truck, promo({ code: null, name: 'Happy hour', window: { days: ['fri', 'mon'], from: '15:00', until: '17:00' } }));
    expect(happy.window).toEqual({ days: ['mon', 'fri'], from: '15:00', until: '17:00' });
    const taken = await create(owner, truck, promo({ code: 'SUMMER-10', name: 'Again' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'promotion_code_taken', details: { code: 'SUMMER-10' } } });
    // Two automatic promotions may live side by side (no code is no clash).
    await created(owner, truck, promo({ code: null, name: 'Weekend' }));
    const all = await list(owner, truck);
    expect(all).toMatchObject({ currency: 'KWD', timeZone: KUWAIT });
    expect(all.promotions.map((p) => p.name)).toEqual(['Summer', 'Happy hour', 'Weekend']);
  });

  it('refuses bad input with a localized 400 and keeps nothing', async () => {
    const { owner, truck } = await vendorWithTruck();
    const bad = [
      promo({ discount: { kind: 'percent', basisPoints: 10_001 } }),
      promo({ discount: { kind: 'fixed', minor: -1 } }),
      promo({ code: 'x!' }),
      promo({ validFrom: '2026-05-02T00:00', validUntil: '2026-05-01T00:00' }),
      promo({ maxUses: 0 }),
      promo({ fulfilment: 'drive-through' }),
    ];
    for (const body of bad) {
      const res = await app.inject({ method: 'POST', url: `/api/v1${url(truck)}`, headers: { ...bearer(owner.token), 'accept-language': 'ar' }, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.fields[0].message).toMatch(ARABIC);
    }
    const res = await create(owner, truck, promo({ validFrom: '2026-05-02T00:00', validUntil: '2026-05-01T00:00' }));
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path: 'validUntil', code: 'promotion_until_before_from', message: 'The end must be after the start.' })]);
    expect((await list(owner, truck)).promotions).toEqual([]);
  });

  it('saves against the version, deactivates, refuses fewer uses than made, and deletes', async () => {
    const { owner, truck } = await vendorWithTruck();
    const made = await created(owner, truck, promo({ maxUses: 10 }));
    const { id, uses: _uses, version, ...fields } = made;
    const saved = await call(app, owner, 'PUT', `${url(truck)}/${id}`, { ...fields, active: false, version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ active: false, version: 2 });
    const stale = await call(app, owner, 'PUT', `${url(truck)}/${id}`, { ...fields, version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'conflict', details: { version: 2 } } });
    await app.database.db.update(promotions).set({ uses: 5 }).where(eq(promotions.id, id));
    const below = await call(app, owner, 'PUT', `${url(truck)}/${id}`, { ...fields, maxUses: 4, version: 2 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.fields[0]).toMatchObject({ path: 'maxUses', code: 'promotion_max_below_uses' });
    expect((await call(app, owner, 'DELETE', `${url(truck)}/${id}`)).statusCode).toBe(204);
    expect((await call(app, owner, 'DELETE', `${url(truck)}/${id}`)).json()).toMatchObject({ error: { code: 'promotion_not_found' } });
    expect((await call(app, owner, 'PUT', `${url(truck)}/not-a-uuid`, { ...fields, version: 1 })).statusCode).toBe(404);
  });

  it('lets staff read and check but not change; strangers get the 404 of a truck that does not exist', async () => {
    const { owner, truck } = await vendorWithTruck();
    const made = await created(owner, truck, promo());
    const staff = await addStaff(app, owner, truck.id);
    expect((await list(staff, truck)).promotions.map((p) => p.id)).toEqual([made.id]);
    expect((await create(staff, truck, promo({ code: 'STAFF1' }))).statusCode).toBe(403);
    expect((await call(app, staff, 'DELETE', `${url(truck)}/${made.id}`)).statusCode).toBe(403);
    const checked = await call(app, staff, 'POST', `${url(truck)}/check`, { code: 'summer10', subtotal: 5000, type: 'pickup' });
    expect(checked.json()).toMatchObject({ applies: true, code: 'SUMMER10', amount: 500 });
    const stranger = await signUp(app);
    expect((await call(app, stranger, 'GET', url(truck))).statusCode).toBe(404);
    expect((await create(stranger, truck, promo())).statusCode).toBe(404);
  });
});

describe('checking a code before ordering', () => {
  it('previews the discount, and words every reason it does not apply in the customer’s language', async () => {
    const { owner, truck } = await vendorWithTruck();
    await created(owner, truck, promo({ code: 'TEN', minSubtotal: 3000 }));
    await created(owner, truck, promo({ code: 'OLD', validUntil: kuwaitWall(-1) }));
    await created(owner, truck, promo({ code: 'SOON', validFrom: kuwaitWall(2) }));
    await created(owner, truck, promo({ code: 'DELIVER', fulfilment: 'delivery', discount: { kind: 'fixed', minor: 750 } }));
    await created(owner, truck, promo({ code: 'OFF', active: false }));

    const ok = await publicCheck(truck, { code: 'ten', subtotal: 4000, type: 'pickup' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ applies: true, code: 'TEN', name: 'Summer', discount: { kind: 'percent', basisPoints: 1000 }, amount: 400 });
    expect((await publicCheck(truck, { code: 'DELIVER', subtotal: 500, type: 'delivery' })).json()).toMatchObject({ applies: true, amount: 500 });

    const reason = async (body: object, lang = 'en') => (await publicCheck(truck, body, lang)).json() as Extract<PromotionPreview, { applies: false }>;
    expect(await reason({ code: 'TEN', subtotal: 2999, type: 'pickup' })).toMatchObject({ reason: 'min_subtotal', params: { minimum: 3000 }, message: `This promotion code needs an order of at least ${formatMoney(3000, 'KWD', 'en')}.` });
    const arabic = await reason({ code: 'TEN', subtotal: 2999, type: 'pickup' }, 'ar');
    expect(arabic.message).toMatch(ARABIC);
    expect(arabic.message).toContain('٣٫٠٠٠');
    expect(arabic.message).not.toMatch(/[0-9]/);
    expect(await reason({ code: 'OLD', subtotal: 5000, type: 'pickup' })).toMatchObject({ reason: 'expired', message: expect.stringMatching(/^This promotion code expired on /) });
    expect((await reason({ code: 'OLD', subtotal: 5000, type: 'pickup' }, 'ar')).message).toMatch(/^انتهت صلاحية رمز الخصم هذا في [^0-9]+$/);
    expect(await reason({ code: 'SOON', subtotal: 5000, type: 'pickup' })).toMatchObject({ reason: 'not_started' });
    expect(await reason({ code: 'DELIVER', subtotal: 5000, type: 'pickup' })).toMatchObject({ reason: 'wrong_fulfilment' });
    expect(await reason({ code: 'OFF', subtotal: 5000, type: 'pickup' })).toMatchObject({ reason: 'unknown_code' });
    expect(await reason({ code: 'NOPE', subtotal: 5000, type: 'pickup' }, 'ar')).toMatchObject({ reason: 'unknown_code', message: 'رمز الخصم هذا غير صالح لهذه العربة.' });
    // Without a code: no automatic promotion here.
    expect(await reason({ subtotal: 5000, type: 'pickup' })).toMatchObject({ reason: 'none' });
  });

  it('finds an automatic promotion without a code, and refuses bad questions with a 400', async () => {
    const { owner, truck } = await vendorWithTruck();
    await created(owner, truck, promo({ code: null, name: 'Always', discount: { kind: 'fixed', minor: 250 } }));
    expect((await publicCheck(truck, { subtotal: 5000, type: 'pickup' })).json()).toEqual({ applies: true, code: null, name: 'Always', discount: { kind: 'fixed', minor: 250 }, amount: 250 });
    expect((await publicCheck(truck, { code: 'X', subtotal: -1, type: 'pickup' })).statusCode).toBe(400);
    expect((await publicCheck(truck, { code: 'X', subtotal: 1, type: 'drone' })).statusCode).toBe(400);
    const unknown = await app.inject({ method: 'POST', url: '/api/v1/public/trucks/no-such-truck/promotions/check', remoteAddress: anyIp(), payload: { code: 'X', subtotal: 1, type: 'pickup' } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('redeeming', () => {
  const redeem = (truck: Truck, code: string | null, phone: string, subtotal = 5000) =>
    app.database.db.transaction((tx) => redeemPromotion(tx, { id: truck.id, timeZone: KUWAIT, currency: 'KWD' }, { code, phone, subtotal, type: 'pickup', orderId: null, now: new Date() }, 'en'));

  it('fifty customers racing for the last use of a code: exactly one gets it, the others are told it is used up', async () => {
    const { owner, truck } = await vendorWithTruck();
    const made = await created(owner, truck, promo({ code: 'LAST', maxUses: 3 }));
    await redeem(truck, 'LAST', '+96550000001');
    await redeem(truck, 'LAST', '+96550000002');
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => redeem(truck, 'last', `+9655100${String(i).padStart(4, '0')}`)));
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { code: string }).code] : []));
    expect(refusals).toEqual(Array.from({ length: 49 }, () => 'promotion_used_up'));
    const [row] = await app.database.db.select().from(promotions).where(eq(promotions.id, made.id));
    expect(row!.uses).toBe(3);
    expect(await app.database.db.$count(promotionRedemptions, eq(promotionRedemptions.promotionId, made.id))).toBe(3);
  });

  it('allows one use per phone number when the code says so, even when the same phone races itself', async () => {
    const { owner, truck } = await vendorWithTruck();
    const made = await created(owner, truck, promo({ code: 'ONCE', onePerPhone: true }));
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => redeem(truck, 'ONCE', '+96550009999')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason.code)).toEqual(Array(9).fill('promotion_already_used_by_phone'));
    expect(await redeem(truck, 'ONCE', '+96550008888')).toMatchObject({ promotionId: made.id, amount: 500 });
    // The customer page is told before ordering.
    expect((await publicCheck(truck, { code: 'ONCE', subtotal: 5000, type: 'pickup', phone: '+965 5000 9999' })).json()).toMatchObject({ reason: 'already_used_by_phone' });
  });

  it('gives the use back when the order’s transaction rolls back, and redeems the automatic promotion without a code', async () => {
    const { owner, truck } = await vendorWithTruck();
    const made = await created(owner, truck, promo({ code: 'ROLL', maxUses: 1 }));
    await expect(
      app.database.db.transaction(async (tx) => {
        await redeemPromotion(tx, { id: truck.id, timeZone: KUWAIT, currency: 'KWD' }, { code: 'ROLL', phone: '+96550000003', subtotal: 5000, type: 'pickup', orderId: null, now: new Date() }, 'en');
        throw new Error('the order failed after the code was redeemed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await redeem(truck, 'ROLL', '+96550000004')).toMatchObject({ promotionId: made.id });
    expect(await redeem(truck, null, '+96550000004')).toBeNull();
    const automatic = await created(owner, truck, promo({ code: null, name: 'Auto', discount: { kind: 'fixed', minor: 100 } }));
    expect(await redeem(truck, null, '+96550000004')).toMatchObject({ promotionId: automatic.id, code: null, amount: 100 });
  });
});
