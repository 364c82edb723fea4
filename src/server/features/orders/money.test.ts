/**
 * The order's money through the real app (issue 44, decision 017): the owner's tax and tip settings
 * (bad values refused, nothing changed), intake computing tax and tip with orderTotals() exactly as the
 * basket does, `expectedTotal` refusing a total that moved, staff adding a tip on a phone order, the
 * per-item tax category, and the order's API representation carrying the money structure.
 */
import { orderTotals, taxSettingsOf, type MoneySettings } from '@domain/money';
import type { Order, OrderReceipt } from '@domain/orders/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderCall, orderingTestApp, pickupOrder, placeOrder, tabCounts, type OrderingTruck } from '../../../testing/orders';
import { call } from '../../../testing/trucks';

let app: FastifyInstance;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, truck } = await orderingTestApp());
});

const VAT: MoneySettings = {
  taxMode: 'rate',
  taxRateBp: 1500,
  pricesIncludeTax: false,
  deliveryFeeTaxed: true,
  taxCountry: 'SA',
  taxRegistrationNumber: '310122393500003',
  tipsEnabled: true,
  tipPresetsBp: [0, 500, 1000, 1500],
  tipCapBp: 2000,
};

const settingsUrl = () => `/trucks/${truck.truck.id}/money-settings`;
const fieldsOf = (res: { json(): unknown }) => ((res.json() as { error: { fields?: { path: string; code: string }[] } }).error.fields ?? []).map(({ path, code }) => `${path}:${code}`);

async function orderCount(): Promise<number> {
  return Object.values(await tabCounts(app, truck)).reduce((sum, n) => sum + n, 0);
}

describe('money settings', () => {
  it('starts with no tax and no tips, and the owner sets VAT and tips (the number stored normalized)', async () => {
    const before = await call(app, truck.owner, 'GET', settingsUrl());
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ taxMode: 'none', taxRateBp: 0, tipsEnabled: false, taxRegistrationNumber: null });
    const res = await call(app, truck.owner, 'PUT', settingsUrl(), { ...VAT, taxRegistrationNumber: '٣١٠ ١٢٢ ٣٩٣ ٥٠٠ ٠٠٣' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(VAT);
  });

  it.each([
    [{ taxRateBp: 10_001 }, 'taxRateBp:tax_rate_too_high'],
    [{ taxRateBp: -1 }, 'taxRateBp:tax_rate_negative'],
    [{ taxRegistrationNumber: '123456789012345' }, 'taxRegistrationNumber:tax_number_sa'],
    [{ taxCountry: 'AE', taxRegistrationNumber: '1234' }, 'taxRegistrationNumber:tax_number_15_digits'],
    [{ taxCountry: 'OM', taxRegistrationNumber: '1234567890' }, 'taxRegistrationNumber:tax_number_om'],
    [{ tipCapBp: -5 }, 'tipCapBp:tip_negative'],
    [{ tipPresetsBp: [500, 500] }, 'tipPresetsBp.1:tip_preset_duplicate'],
    [{ tipPresetsBp: [2500] }, 'tipPresetsBp.0:tip_preset_above_cap'],
  ])('refuses %j with a localized field error, changing nothing', async (change, field) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1${settingsUrl()}`,
      headers: { authorization: `Bearer ${truck.owner.token}`, 'accept-language': 'ar' },
      payload: { ...VAT, ...change },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res)).toContain(field);
    // The message is in the request's language: Arabic, no Western digit outside an isolate.
    const message = (res.json() as { error: { fields: { message: string }[] } }).error.fields[0]!.message;
    expect(message).toMatch(/[\u0600-\u06ff]/);
    expect((await call(app, truck.owner, 'GET', settingsUrl())).json()).toEqual(VAT);
  });

  it('lets staff read them but not change them', async () => {
    expect((await call(app, truck.staff, 'GET', settingsUrl())).statusCode).toBe(200);
    const res = await call(app, truck.staff, 'PUT', settingsUrl(), { ...VAT, taxRateBp: 0 });
    expect(res.statusCode).toBe(403);
    expect((await call(app, truck.owner, 'GET', settingsUrl())).json()).toEqual(VAT);
  });
});

describe('intake with tax and a tip', () => {
  /** What the basket computes for the standard pickup order (2 × fries 0.750 + a wrap 1.300, no fee). */
  const basket = (tip: Parameters<typeof orderTotals>[0]['tip']) =>
    orderTotals({
      currency: 'KWD',
      lines: [
        { unitPriceMinor: 1_300, quantity: 1, taxCategory: 'standard' },
        { unitPriceMinor: 750, quantity: 2, taxCategory: 'standard' },
      ],
      deliveryFeeMinor: 0,
      tax: taxSettingsOf(VAT),
      tip,
    });

  it('charges the tax and the tip the basket showed, and the order carries its money', async () => {
    const expected = basket({ kind: 'percent', basisPoints: 1000 });
    const res = await placeOrder(app, truck.slug, pickupOrder(truck, { tip: { kind: 'percent', basisPoints: 1000 }, expectedTotal: expected.totalMinor }));
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json() as OrderReceipt;
    // 2.800 + 15 % = 0.420 tax; tip 10 % of 2.800 = 0.280.
    expect(receipt.money).toEqual({
      subtotal: 2_800,
      discount: 0,
      promotionCode: null,
      deliveryFee: 0,
      deliveryFeeTax: 0,
      tax: 420,
      taxRateBp: 1500,
      pricesIncludeTax: false,
      tip: 280,
      netSales: 2_800,
      total: 3_500,
    });
    expect(receipt.total).toBe(expected.totalMinor);
    expect(receipt.lines.map((line) => line.tax)).toEqual(expected.lines.map((line) => line.taxMinor));
    const order = (await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/${receipt.id}`)).json() as Order;
    expect(order.money).toEqual(receipt.money);
  });

  it('refuses a total that moved (the basket without tax), a tip above the cap and a negative tip, placing nothing', async () => {
    const before = await orderCount();
    const stale = await placeOrder(app, truck.slug, pickupOrder(truck, { expectedTotal: 2_800 }));
    expect(stale.statusCode).toBe(422);
    expect(fieldsOf(stale)).toEqual(['expectedTotal:total_changed']);
    const tooMuch = await placeOrder(app, truck.slug, pickupOrder(truck, { tip: { kind: 'amount', minor: 561 } }));
    expect(tooMuch.statusCode).toBe(422);
    expect((tooMuch.json() as { error: { code: string } }).error.code).toBe('tip_above_cap');
    const negative = await placeOrder(app, truck.slug, pickupOrder(truck, { tip: { kind: 'amount', minor: -1 } }));
    expect(negative.statusCode).toBe(400);
    expect(fieldsOf(negative)).toEqual(['tip.minor:tip_negative']);
    expect(await orderCount()).toBe(before);
    // Exactly the cap (20 % of 2.800 = 0.560) goes through.
    expect((await placeOrder(app, truck.slug, pickupOrder(truck, { tip: { kind: 'amount', minor: 560 } }))).statusCode).toBe(201);
  });

  it('lets staff add a tip on a phone order even while customers cannot tip', async () => {
    await call(app, truck.owner, 'PUT', settingsUrl(), { ...VAT, tipsEnabled: false });
    try {
      const online = await placeOrder(app, truck.slug, pickupOrder(truck, { tip: { kind: 'amount', minor: 100 } }));
      expect((online.json() as { error: { code: string } }).error.code).toBe('tips_not_offered');
      const res = await orderCall(app, truck.staff, 'POST', `/trucks/${truck.truck.id}/orders`, pickupOrder(truck, { tip: { kind: 'amount', minor: 100 } }));
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as Order).money).toMatchObject({ tip: 100, tax: 420, total: 3_320 });
    } finally {
      await call(app, truck.owner, 'PUT', settingsUrl(), VAT);
    }
  });

  it('leaves an exempt item out of the tax, and tax-inclusive prices keep the total', async () => {
    const item = await call(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/menu`);
    const fries = (item.json() as { items: { id: string; categoryId: string }[] }).items.find((each) => each.id === truck.fries.id)!;
    const saved = await call(app, truck.owner, 'PUT', `/trucks/${truck.truck.id}/menu/items/${fries.id}`, {
      categoryId: fries.categoryId,
      nameEn: 'Fries',
      nameAr: 'بطاطا',
      priceMinor: 750,
      taxCategory: 'exempt',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await call(app, truck.owner, 'PUT', settingsUrl(), { ...VAT, pricesIncludeTax: true });
    await app.readCache.settle();
    try {
      const res = await placeOrder(app, truck.slug, pickupOrder(truck));
      expect(res.statusCode, res.body).toBe(201);
      const receipt = res.json() as OrderReceipt;
      // Only the wrap (1.300 incl.) is taxed: 1.300 × 15/115 = 0.16956… → 0.170; the total stays 2.800.
      expect(receipt.money).toMatchObject({ subtotal: 2_800, tax: 170, pricesIncludeTax: true, total: 2_800, netSales: 2_630 });
      expect(receipt.lines.map((line) => [line.taxCategory, line.tax])).toEqual([
        ['standard', 170],
        ['exempt', 0],
      ]);
    } finally {
      await call(app, truck.owner, 'PUT', settingsUrl(), VAT);
    }
  });
});
