import type { Truck, TruckSummary } from '@domain/trucks';
import { count } from 'drizzle-orm';
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
    expect(row?.n).toBe(2);
  });
});
