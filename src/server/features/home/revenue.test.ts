/**
 * /home counts what the business earned (decision 012): an order counts once accepted, never while it
 * waits for an answer, so rejecting one that waited leaves the figures as they were. Revenue is net
 * sales (decision 017) and tips are apart, seen by whom sees revenue.
 */
import type { TruckHome } from '@domain/home';
import { orderTotals, taxSettingsOf, type MoneySettings } from '@domain/money';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderCall, orderingTestApp, placedOrderId, type OrderingTruck } from '@testing/orders';
import { call } from '@testing/trucks';

let app: FastifyInstance;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, truck } = await orderingTestApp());
});

async function home(as: OrderingTruck['owner'] = truck.owner): Promise<TruckHome> {
  const res = await orderCall(app, as, 'GET', `/trucks/${truck.truck.id}/home`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TruckHome;
}

async function act(id: string, action: Record<string, unknown>) {
  const { version } = (await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/${id}`)).json() as { version: number };
  const res = await orderCall(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/orders/${id}/actions`, { ...action, version });
  expect(res.statusCode, res.body).toBe(200);
}

const fries = (summary: TruckHome) => summary.topItems.byQuantity.find((item) => item.nameEn === 'Fries')?.quantity ?? 0;

describe("/home's revenue", () => {
  it('counts an order from its acceptance; a pending one, rejected or not, never moves the figures', async () => {
    // A wrap on saj with garlic (1.300) and two fries (1.500): 2.800.
    const accepted = await placedOrderId(app, truck);
    expect((await home()).todayFigures).toEqual({ orders: 0, revenue: 0, averageTicket: 0, tips: 0 });
    await act(accepted, { action: 'accept', prepMinutes: 10 });
    const earned = await home();
    expect(earned.todayFigures).toEqual({ orders: 1, revenue: 2_800, averageTicket: 2_800, tips: 0 });
    expect(fries(earned)).toBe(2);

    const waiting = await placedOrderId(app, truck);
    const withPending = await home();
    expect(withPending.pending.orders).toBe(1);
    expect(withPending.todayFigures).toEqual(earned.todayFigures);
    expect(withPending.daily.at(-1)).toMatchObject({ orders: 1, revenue: 2_800 });
    expect(withPending.hourly.reduce((sum, entry) => sum + (entry.revenue ?? 0), 0)).toBe(2_800);
    expect(fries(withPending)).toBe(2);

    await act(waiting, { action: 'reject', reason: 'Out of bread' });
    expect((await home()).todayFigures).toEqual(earned.todayFigures);

    await act(accepted, { action: 'cancel', reason: 'Customer called' });
    const cancelled = await home();
    expect(cancelled.todayFigures).toEqual({ orders: 0, revenue: 0, averageTicket: 0, tips: 0 });
    expect(fries(cancelled)).toBe(0);
  });

  it('counts net sales (without the tax inside inclusive prices) and the tips apart, for whom sees revenue; a pending tipped order moves neither', async () => {
    const settings: MoneySettings = { taxMode: 'rate', taxRateBp: 1500, pricesIncludeTax: true, deliveryFeeTaxed: true, taxCountry: 'SA', taxRegistrationNumber: null, tipsEnabled: true, tipPresetsBp: [0, 1000], tipCapBp: 2000 };
    const put = await call(app, truck.owner, 'PUT', `/trucks/${truck.truck.id}/money-settings`, settings);
    expect(put.statusCode, put.body).toBe(200);
    const before = (await home()).todayFigures;
    const tipped = await placedOrderId(app, truck, { tip: { kind: 'amount', minor: 200 } });
    await act(tipped, { action: 'accept', prepMinutes: 10 });
    // The basket of 2.800 with 15 % inside it: the money core's net sales, the tip not among them.
    const money = orderTotals({
      currency: 'KWD',
      lines: [{ unitPriceMinor: 1_300, quantity: 1, taxCategory: 'standard' }, { unitPriceMinor: 750, quantity: 2, taxCategory: 'standard' }],
      deliveryFeeMinor: 0,
      tax: taxSettingsOf(settings),
      tip: { kind: 'amount', minor: 200 },
    });
    expect(money.netSalesMinor).toBe(2_800 - 365);
    const earned = await home();
    expect(earned.todayFigures).toMatchObject({ orders: before.orders + 1, revenue: before.revenue! + money.netSalesMinor, tips: before.tips! + 200 });

    await placedOrderId(app, truck, { tip: { kind: 'amount', minor: 300 } });
    const withPending = await home();
    expect(withPending.todayFigures).toEqual(earned.todayFigures);
    expect(withPending.hourly.reduce((sum, entry) => sum + (entry.revenue ?? 0), 0)).toBe(earned.todayFigures.revenue);

    const staff = await home(truck.staff);
    expect(staff.todayFigures).toMatchObject({ orders: earned.todayFigures.orders, revenue: null, tips: null });
  });
});
