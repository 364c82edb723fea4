import type { Truck, TruckSummary } from '@domain/trucks';
import { count, eq } from 'drizzle-orm';
import { decodeZatcaQr } from '@domain/invoices';
import { fromMinor } from '@domain/money';
import type { OrderPage } from '@domain/orders/contracts';
import { truckInvoiceCounters } from '../db/tables/orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyIp, bearer } from '@testing/accounts';
import { createTestApp, type TestApp } from '@testing/test-app';
import { seedDemoData } from './demo-data';
import { DEMO_TRUCK_IDS } from './demo-trucks';
import { trucks } from '../db/tables/trucks';

let test: TestApp;
let password = '';

beforeAll(async () => {
  test = await createTestApp();
  const log = { info: (line: string) => (password = line.match(/ \/ (\S+)$/)?.[1] ?? password) };
  await seedDemoData(test.database.db, log, test.config.uploadsDir);
});

async function signIn(email: string): Promise<string> {
  const res = await test.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', remoteAddress: anyIp(), payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describe('demo trucks', () => {
  it('gives the demo vendor an approved truck with every document and a second one in review', async () => {
    const token = await signIn('vendor@truckdesk.demo');
    const list = (await test.app.inject({ method: 'GET', url: '/api/v1/trucks', headers: bearer(token) })).json() as TruckSummary[];
    expect(list).toEqual([
      expect.objectContaining({ id: DEMO_TRUCK_IDS.approved, status: 'approved', nameEn: 'Saj Station', mayTrade: true, publicSlug: 'saj-station', notices: [], alerts: [expect.objectContaining({ type: 'insurance', state: 'expiring' })] }),
      expect.objectContaining({ id: DEMO_TRUCK_IDS.inReview, status: 'submitted', nameEn: 'Taco Rueda' }),
      expect.objectContaining({ id: DEMO_TRUCK_IDS.saudi, status: 'approved', nameEn: 'Riyadh Grill', mayTrade: true, publicSlug: 'riyadh-grill' }),
    ]);
    const approved = (await test.app.inject({ method: 'GET', url: `/api/v1/trucks/${DEMO_TRUCK_IDS.approved}`, headers: bearer(token) })).json() as Truck;
    expect(approved.documents.map((d) => d.type).sort()).toEqual(['commercial_registration', 'commissary_agreement', 'health_permit', 'insurance', 'vehicle_registration']);
    expect(approved.problems).toEqual([]);
    expect(approved.photos).toHaveLength(2);
    for (const file of [approved.logo!, ...approved.photos, ...approved.documents.map((d) => d.file)]) {
      const res = await test.app.inject({ method: 'GET', url: file.url, headers: bearer(token) });
      expect(res.statusCode, file.url).toBe(200);
    }
  });

  it('puts the second truck in the admin’s queue', async () => {
    const token = await signIn('admin@truckdesk.demo');
    const queue = (await test.app.inject({ method: 'GET', url: '/api/v1/admin/trucks', headers: bearer(token) })).json();
    expect(queue.items).toEqual([expect.objectContaining({ id: DEMO_TRUCK_IDS.inReview, ownerEmail: 'vendor@truckdesk.demo' })]);
  });

  it('seeds only once', async () => {
    await seedDemoData(test.database.db, { info: () => {} }, test.config.uploadsDir);
    const [row] = await test.database.db.select({ n: count() }).from(trucks);
    expect(row?.n).toBe(3);
  });

  it('gives the Saudi truck completed paid orders that are simplified tax invoices numbered 1… with a QR that decodes', async () => {
    const token = await signIn('vendor@truckdesk.demo');
    const page = (await test.app.inject({ method: 'GET', url: `/api/v1/trucks/${DEMO_TRUCK_IDS.saudi}/orders?tab=completed&limit=100`, headers: bearer(token) })).json() as OrderPage;
    const numbers = page.orders.map((order) => order.invoiceNumber).sort((a, b) => a! - b!);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
    for (const order of page.orders) {
      expect(order).toMatchObject({ currency: 'SAR', paymentStatus: 'paid', taxRegistrationNumber: '310122393500003' });
      expect(order.money.total).toBe(order.money.subtotal);
      expect(decodeZatcaQr(order.zatcaQr!)).toMatchObject({ sellerName: 'مشويات الرياض', vatNumber: '310122393500003', total: fromMinor(order.total, 'SAR'), vatAmount: fromMinor(order.money.tax, 'SAR') });
    }
    const res = await test.app.inject({ method: 'GET', url: `/api/v1/public/trucks/riyadh-grill/orders/${page.orders[0]!.publicId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', invoiceNumber: page.orders[0]!.invoiceNumber, zatcaQr: page.orders[0]!.zatcaQr });
    // The next completion takes number 6.
    const [counter] = await test.database.db.select().from(truckInvoiceCounters).where(eq(truckInvoiceCounters.truckId, DEMO_TRUCK_IDS.saudi));
    expect(counter?.lastNumber).toBe(5);
  });
});
