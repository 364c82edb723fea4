/**
 * Receipts that are invoices (issue 44), through the real app: a completed order gets the truck's
 * next invoice number, sequential with no gap and no repeat when twenty complete at once; an order
 * not completed has none and a second completion takes no other; a truck registered for VAT in Saudi
 * Arabia gets ZATCA's phase-1 QR on the order, which decodes to its seller, VAT number, time, total
 * with VAT (the tip left out) and VAT.
 */
import type { MoneySettings } from '@domain/money';
import { decodeZatcaQr } from '@domain/money/zatca-qr';
import type { Order, OrderReceipt } from '@domain/orders/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderCall, orderingTestApp, orderingTruck, pickupOrder, placeOrder, type OrderingTruck } from '../../../testing/orders';
import { call } from '../../../testing/trucks';
import type { SignedUp } from '../../../testing/accounts';

let app: FastifyInstance;
let admin: SignedUp;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, admin, truck } = await orderingTestApp());
});

const orderUrl = (of: OrderingTruck, id: string) => `/trucks/${of.truck.id}/orders/${id}`;

async function getOrder(of: OrderingTruck, id: string): Promise<Order> {
  return (await orderCall(app, of.owner, 'GET', orderUrl(of, id))).json() as Order;
}

function act(of: OrderingTruck, id: string, body: Record<string, unknown>, version: number) {
  return orderCall(app, of.staff, 'POST', `${orderUrl(of, id)}/actions`, { ...body, version });
}

/** Placed and taken to ready: one tap from completed. */
async function readyOrder(of: OrderingTruck, overrides: Parameters<typeof pickupOrder>[1] = {}): Promise<Order> {
  const placed = await placeOrder(app, of.slug, pickupOrder(of, overrides));
  expect(placed.statusCode, placed.body).toBe(201);
  const { id } = placed.json() as OrderReceipt;
  for (const body of [{ action: 'accept', prepMinutes: 10 }, { action: 'start_preparing' }, { action: 'mark_ready' }]) {
    const res = await act(of, id, body, (await getOrder(of, id)).version);
    expect(res.statusCode, res.body).toBe(200);
  }
  return getOrder(of, id);
}

describe('invoice numbers', () => {
  it('are given on completion, 1 to 20 with no gap and no repeat when twenty orders complete at once', async () => {
    const ready = await Promise.all(Array.from({ length: 20 }, () => readyOrder(truck)));
    expect(ready.every((order) => order.invoice === null)).toBe(true);
    const answers = await Promise.all(ready.map((order) => act(truck, order.id, { action: 'complete' }, order.version)));
    expect(answers.map((res) => res.statusCode)).toEqual(ready.map(() => 200));
    const numbers = answers.map((res) => (res.json() as Order).invoice!.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    // A truck with no VAT registration: a number, no QR.
    expect((answers[0]!.json() as Order).invoice!.zatcaQr).toBeNull();
  });

  it('are not given to an order that is not completed, and a second completion takes no other', async () => {
    const ready = await readyOrder(truck);
    expect(ready.invoice).toBeNull();
    const completed = await act(truck, ready.id, { action: 'complete' }, ready.version);
    expect(completed.statusCode, completed.body).toBe(200);
    const invoice = (completed.json() as Order).invoice;
    expect(invoice!.number).toBe(21);
    const again = await act(truck, ready.id, { action: 'complete' }, (completed.json() as Order).version);
    expect(again.statusCode).toBe(409);
    expect((await getOrder(truck, ready.id)).invoice).toEqual(invoice);
    const cancelled = await readyOrder(truck);
    expect((await getOrder(truck, cancelled.id)).invoice).toBeNull();
  });

  it('count per truck: another truck starts at 1', async () => {
    const other = await orderingTruck(app, admin);
    const ready = await readyOrder(other);
    const completed = await act(other, ready.id, { action: 'complete' }, ready.version);
    // No VAT charged: a plain receipt (no VAT number), numbered all the same.
    expect((completed.json() as Order).invoice).toMatchObject({ number: 1, vatNumber: null, zatcaQr: null });
  });
});

describe("ZATCA's QR on a Saudi VAT-registered truck's invoice", () => {
  it('decodes to the seller, its VAT number, the completion time, the total with VAT without the tip, and the VAT', async () => {
    const saudi = await orderingTruck(app, admin);
    const settings: MoneySettings = {
      taxMode: 'rate',
      taxRateBp: 1500,
      pricesIncludeTax: true,
      deliveryFeeTaxed: true,
      taxCountry: 'SA',
      taxRegistrationNumber: '310122393500003',
      tipsEnabled: true,
      tipPresetsBp: [1000],
      tipCapBp: 2000,
    };
    const put = await call(app, saudi.owner, 'PUT', `/trucks/${saudi.truck.id}/money-settings`, settings);
    expect(put.statusCode, put.body).toBe(200);
    const ready = await readyOrder(saudi, { tip: { kind: 'amount', minor: 200 } });
    const before = Date.now();
    const completed = await act(saudi, ready.id, { action: 'complete' }, ready.version);
    expect(completed.statusCode, completed.body).toBe(200);
    const order = completed.json() as Order;
    const fields = decodeZatcaQr(order.invoice!.zatcaQr!)!;
    expect(fields.vatNumber).toBe('310122393500003');
    expect(fields.sellerName).toBe(saudi.truck.basics.nameAr || saudi.truck.basics.nameEn);
    expect(fields.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Math.abs(Date.parse(fields.timestamp) - before)).toBeLessThan(60_000);
    expect(order.money.tip).toBe(200);
    expect(order.money.tax).toBeGreaterThan(0);
    const decimals = (minor: number) => (minor / 1000).toFixed(3);
    expect(fields.totalWithVat).toBe(decimals(order.total - order.money.tip));
    expect(fields.vatAmount).toBe(decimals(order.money.tax));
    expect((await getOrder(saudi, ready.id)).invoice).toEqual(order.invoice);
    // The receipt's facts are the QR's, snapshotted at completion.
    expect(order.invoice).toMatchObject({ vatNumber: '310122393500003', sellerName: fields.sellerName });
    expect(Date.parse(order.invoice!.issuedAt)).toBe(Date.parse(fields.timestamp) + (Date.parse(order.invoice!.issuedAt) % 1000));
    // The customer's order page carries the same invoice and the money it prints.
    const page = await app.inject({ method: 'GET', url: `/api/v1/public/trucks/${saudi.slug}/orders/${order.publicId}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ invoice: order.invoice, money: { tax: order.money.tax, tip: 200 } });
  });
});
