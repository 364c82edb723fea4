/**
 * Invoices through the real app (issue 44): every completed paid order gets its truck's next invoice
 * number — no gap and no duplicate when twenty complete at once, none for an order not (yet) paid, no
 * second one for a second completion — and for a registered truck the order (the owner's and the
 * customer's view) carries its VAT number, and for a Saudi one ZATCA's phase-1 QR, decoded back here.
 */
import { decodeZatcaQr } from '@domain/invoices';
import { fromMinor, type MoneySettings } from '@domain/money';
import type { Order } from '@domain/orders/contracts';
import type { PublicOrder } from '@domain/storefront';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from '../../../testing/accounts';
import { orderCall, orderingTestApp, orderingTruck, pickupOrder, type OrderingTruck } from '../../../testing/orders';
import { call } from '../../../testing/trucks';

let app: FastifyInstance;
let admin: SignedUp;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, admin, truck } = await orderingTestApp());
});

const SAUDI_VAT: MoneySettings = {
  taxMode: 'rate',
  taxRateBp: 1500,
  pricesIncludeTax: true,
  deliveryFeeTaxed: true,
  taxCountry: 'SA',
  taxRegistrationNumber: '310122393500003',
  tipsEnabled: false,
  tipPresetsBp: [],
  tipCapBp: 2000,
};

async function setMoney(of: OrderingTruck, settings: MoneySettings) {
  const res = await call(app, of.owner, 'PUT', `/trucks/${of.truck.id}/money-settings`, settings);
  expect(res.statusCode, res.body).toBe(200);
  await app.readCache.settle();
}

/** A phone order (accepted at once), taken to ready: one step from being completed. */
async function readyOrder(of: OrderingTruck): Promise<Order> {
  const placed = await orderCall(app, of.staff, 'POST', `/trucks/${of.truck.id}/orders`, pickupOrder(of));
  expect(placed.statusCode, placed.body).toBe(201);
  let order = placed.json() as Order;
  for (const action of ['start_preparing', 'mark_ready']) order = await act(of, order, { action });
  return order;
}

async function act(of: OrderingTruck, order: Order, body: Record<string, unknown>): Promise<Order> {
  const res = await actRaw(of, order, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

const actRaw = (of: OrderingTruck, order: Pick<Order, 'id' | 'version'>, body: Record<string, unknown>) =>
  orderCall(app, of.staff, 'POST', `/trucks/${of.truck.id}/orders/${order.id}/actions`, { ...body, version: order.version });

async function publicView(of: OrderingTruck, order: Order): Promise<PublicOrder> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/public/trucks/${of.slug}/orders/${order.publicId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PublicOrder;
}

describe('invoice numbers', () => {
  it('gives twenty orders completed at once the numbers 1 to 20, no gap, no duplicate; unpaid orders none', async () => {
    const fresh = await orderingTruck(app, admin);
    const ready = [];
    for (let i = 0; i < 20; i++) ready.push(await readyOrder(fresh));
    const unpaid = await readyOrder(fresh);
    expect(unpaid).toMatchObject({ paymentStatus: 'unpaid', invoiceNumber: null, invoicedAt: null, zatcaQr: null });

    const answers = await Promise.all(ready.map((order) => actRaw(fresh, order, { action: 'complete' })));
    expect(answers.map((res) => res.statusCode)).toEqual(ready.map(() => 200));
    const completed = answers.map((res) => res.json() as Order);
    expect(completed.every((order) => order.paymentStatus === 'paid' && order.invoicedAt !== null)).toBe(true);
    expect(completed.map((order) => order.invoiceNumber).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // No VAT number: a numbered receipt, not a tax invoice, and no QR.
    expect(completed.every((order) => order.taxRegistrationNumber === null && order.zatcaQr === null)).toBe(true);

    const still = await orderCall(app, fresh.owner, 'GET', `/trucks/${fresh.truck.id}/orders/${unpaid.id}`);
    expect(still.json()).toMatchObject({ status: 'ready', paymentStatus: 'unpaid', invoiceNumber: null });
  });

  it('a second completion takes no other number, and the next order gets the next one', async () => {
    const fresh = await orderingTruck(app, admin);
    const first = await act(fresh, await readyOrder(fresh), { action: 'complete' });
    expect(first.invoiceNumber).toBe(1);
    const again = await actRaw(fresh, first, { action: 'complete' });
    expect(again.statusCode).toBe(409);
    const stale = await actRaw(fresh, { id: first.id, version: first.version - 1 }, { action: 'complete' });
    expect(stale.statusCode).toBe(409);
    const reread = await orderCall(app, fresh.owner, 'GET', `/trucks/${fresh.truck.id}/orders/${first.id}`);
    expect(reread.json()).toMatchObject({ invoiceNumber: 1, invoicedAt: first.invoicedAt });
    const second = await act(fresh, await readyOrder(fresh), { action: 'complete' });
    expect(second.invoiceNumber).toBe(2);
  });

  it('counts per truck: another truck starts at 1', async () => {
    const other = await orderingTruck(app, admin);
    expect((await act(other, await readyOrder(other), { action: 'complete' })).invoiceNumber).toBe(1);
  });
});

describe('simplified tax invoices', () => {
  it("a Saudi truck's invoiced order carries its VAT number and ZATCA's QR, for the owner and the customer", async () => {
    await setMoney(truck, SAUDI_VAT);
    const order = await act(truck, await readyOrder(truck), { action: 'complete' });
    expect(order.money.tax).toBeGreaterThan(0);
    expect(order).toMatchObject({ invoiceNumber: 1, taxRegistrationNumber: '310122393500003' });
    expect(decodeZatcaQr(order.zatcaQr!)).toEqual({
      sellerName: truck.truck.basics.nameAr,
      vatNumber: '310122393500003',
      timestamp: order.invoicedAt!.replace(/\.\d{3}Z$/, 'Z'),
      total: fromMinor(order.total - order.money.tip, order.currency),
      vatAmount: fromMinor(order.money.tax, order.currency),
    });
    const view = await publicView(truck, order);
    expect(view).toMatchObject({ invoiceNumber: 1, invoicedAt: order.invoicedAt, taxRegistrationNumber: '310122393500003', zatcaQr: order.zatcaQr });
    expect(view.money).toEqual(order.money);
  });

  it('an order not yet completed shows no invoice to the customer', async () => {
    const order = await readyOrder(truck);
    expect(await publicView(truck, order)).toMatchObject({ invoiceNumber: null, invoicedAt: null, taxRegistrationNumber: null, zatcaQr: null });
  });

  it('an Emirati truck issues tax invoices without the Saudi QR; a number changed later leaves an issued invoice alone', async () => {
    const emirati = await orderingTruck(app, admin);
    await setMoney(emirati, { ...SAUDI_VAT, taxRateBp: 500, taxCountry: 'AE', taxRegistrationNumber: '100123456700003' });
    const order = await act(emirati, await readyOrder(emirati), { action: 'complete' });
    expect(order).toMatchObject({ invoiceNumber: 1, taxRegistrationNumber: '100123456700003', zatcaQr: null });
    await setMoney(emirati, { ...SAUDI_VAT, taxRateBp: 500, taxCountry: 'AE', taxRegistrationNumber: '100999999900003' });
    const reread = await orderCall(app, emirati.owner, 'GET', `/trucks/${emirati.truck.id}/orders/${order.id}`);
    expect(reread.json()).toMatchObject({ invoiceNumber: 1, taxRegistrationNumber: '100123456700003' });
  });
});

describe('the OpenAPI document', () => {
  it("documents the invoice fields of the owner's order and the customer's", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };
    const schemaOf = (path: string, method: string) => JSON.stringify(doc.paths[path]![method]!.responses['200']!.content!['application/json']!.schema);
    for (const [path, method] of [
      ['/api/v1/trucks/{truckId}/orders/{orderId}', 'get'],
      ['/api/v1/trucks/{truckId}/orders/{orderId}/actions', 'post'],
      ['/api/v1/public/trucks/{slug}/orders/{publicId}', 'get'],
    ] as const) {
      const schema = schemaOf(path, method);
      for (const field of ['invoiceNumber', 'invoicedAt', 'taxRegistrationNumber', 'zatcaQr']) expect(schema, `${path} ${field}`).toContain(`"${field}"`);
    }
    expect(schemaOf('/api/v1/public/trucks/{slug}/orders/{publicId}', 'get')).toContain('"netSales"');
  });
});
