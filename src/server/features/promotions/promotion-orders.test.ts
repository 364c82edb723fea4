/**
 * Promotions in the order intake, through real HTTP: a code lowers the order's total (the customer's
 * expectedTotal agreeing), a code that does not apply refuses the order with its reason and writes
 * nothing, an automatic promotion applies without a code, a phone order takes a code, and fifty
 * customers placing orders at once for the last use of a code: exactly one order gets it.
 */
import type { OrderReceipt } from '@domain/orders/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderCall, orderingTruck, pickupOrder, placeOrder, type OrderingTruck } from '@testing/orders';
import { signUp, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { call } from '@testing/trucks';
import { orders } from '../../db/tables/orders';
import { promotionRedemptions, promotions } from '../../db/tables/promotions';

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
}, 120_000);

/** pickupOrder's basket: 2.800 KWD. */
const SUBTOTAL = 2_800;
const promo = (extra: Record<string, unknown> = {}) => ({ code: 'TEN', name: 'Ten off', discount: { kind: 'percent', basisPoints: 1000 }, ...extra });
async function created(of: OrderingTruck, body: unknown): Promise<{ id: string }> {
  const res = await call(app, of.owner, 'POST', `/trucks/${of.truck.id}/promotions`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}
const ordersOf = (of: OrderingTruck) => app.database.db.$count(orders, eq(orders.truckId, of.truck.id));
const usesOf = async (id: string) => (await app.database.db.select({ uses: promotions.uses }).from(promotions).where(eq(promotions.id, id)))[0]!.uses;
const phone = (n: number) => `+9656${String(n).padStart(7, '0')}`;

describe('a promotion code on an order', () => {
  it('takes its discount off the total the customer was shown, and records the use against the order', async () => {
    const of = await orderingTruck(app, admin);
    const made = await created(of, promo());
    const res = await placeOrder(app, of.slug, pickupOrder(of, { promotionCode: ' ten ', expectedTotal: SUBTOTAL - 280 }));
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json() as OrderReceipt;
    expect(receipt).toMatchObject({ subtotal: SUBTOTAL, total: SUBTOTAL - 280 });
    const [use] = await app.database.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, made.id));
    expect(use).toMatchObject({ orderId: receipt.id, discount: 280, phone: '+96555512345' });
    expect(await usesOf(made.id)).toBe(1);
  });

  it('refuses the order with the code’s reason (expired, below its minimum) and writes nothing', async () => {
    const of = await orderingTruck(app, admin);
    const yesterday = Temporal.Now.zonedDateTimeISO('Asia/Kuwait').subtract({ days: 1 }).toPlainDateTime().toString({ smallestUnit: 'minute' });
    const old = await created(of, promo({ code: 'OLD', validUntil: yesterday }));
    await created(of, promo({ code: 'BIG', minSubtotal: 10_000 }));
    const before = await ordersOf(of);
    const expired = await placeOrder(app, of.slug, pickupOrder(of, { promotionCode: 'old' }), { 'accept-language': 'ar' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error).toMatchObject({ code: 'promotion_expired', fields: [expect.objectContaining({ path: 'promotionCode', code: 'promotion_expired' })] });
    expect(expired.json().error.fields[0].message).toMatch(/^انتهت صلاحية رمز الخصم هذا في [^0-9]+$/);
    const small = await placeOrder(app, of.slug, pickupOrder(of, { promotionCode: 'BIG' }));
    expect(small.json().error).toMatchObject({ code: 'promotion_min_subtotal' });
    const unknown = await placeOrder(app, of.slug, pickupOrder(of, { promotionCode: 'NOPE' }));
    expect(unknown.json().error).toMatchObject({ code: 'promotion_unknown_code' });
    expect(await ordersOf(of)).toBe(before);
    expect(await usesOf(old.id)).toBe(0);
  });

  it('applies an automatic promotion without a code, and takes a code on a phone order', async () => {
    const of = await orderingTruck(app, admin);
    const automatic = await created(of, promo({ code: null, name: 'Always', discount: { kind: 'fixed', minor: 300 } }));
    const res = await placeOrder(app, of.slug, pickupOrder(of, { expectedTotal: SUBTOTAL - 300 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: SUBTOTAL - 300 });
    await created(of, promo({ code: 'HALF', discount: { kind: 'percent', basisPoints: 5000 } }));
    const phoneOrder = await orderCall(app, of.staff, 'POST', `/trucks/${of.truck.id}/orders`, pickupOrder(of, { promotionCode: 'half', customer: { name: 'Caller', phone: phone(1) } }));
    expect(phoneOrder.statusCode, phoneOrder.body).toBe(201);
    expect(phoneOrder.json()).toMatchObject({ total: SUBTOTAL / 2 });
    expect(await usesOf(automatic.id)).toBe(1);
  });

  it('fifty customers placing orders at once for the last use of a code: exactly one order gets it', async () => {
    const of = await orderingTruck(app, admin);
    const made = await created(of, promo({ code: 'LAST', maxUses: 2 }));
    expect((await placeOrder(app, of.slug, pickupOrder(of, { promotionCode: 'LAST', customer: { name: 'First', phone: phone(100) } }))).statusCode).toBe(201);
    const before = await ordersOf(of);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => placeOrder(app, of.slug, pickupOrder(of, { promotionCode: 'last', customer: { name: `Racer ${i}`, phone: phone(200 + i) } }))),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 422).map((res) => res.json().error.code)).toEqual(Array(49).fill('promotion_used_up'));
    expect(await ordersOf(of)).toBe(before + 1);
    expect(await usesOf(made.id)).toBe(2);
    const uses = await app.database.db.select().from(promotionRedemptions).where(and(eq(promotionRedemptions.truckId, of.truck.id), eq(promotionRedemptions.promotionId, made.id)));
    expect(uses).toHaveLength(2);
  });
});
