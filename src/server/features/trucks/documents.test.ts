import type { Truck, TruckSummary } from '@domain/trucks';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import {
  addDocument,
  approvedTruck,
  call,
  completeApplication,
  createDraft,
  decide,
  demoImage,
  kuwaitDate,
  minimalPdf,
  submittedTruck,
  uploadFile,
} from '@testing/trucks';
import { truckDocuments, trucks } from '../../db/tables/trucks';
import { truckTradingBlocks } from '../../platform/truck-access';

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
});

/** Moves a stored document's dates, as time passing would. */
async function setExpiry(truckId: string, type: 'commercial_registration' | 'health_permit', expiryDate: string) {
  await app.database.db
    .update(truckDocuments)
    .set({ expiryDate, issueDate: kuwaitDate(-400) })
    .where(and(eq(truckDocuments.truckId, truckId), eq(truckDocuments.type, type)));
}

async function documentFile(vendor: SignedUp, truckId: string): Promise<string> {
  const res = await uploadFile(app, vendor, truckId, 'document', { name: 'permit.pdf', type: 'application/pdf', content: minimalPdf('permit') });
  return res.json().id as string;
}

describe('documents', () => {
  it('stores a document with its state, and replaces it by type', async () => {
    const vendor = await signUp(app);
    const draft = await createDraft(app, vendor);
    const first = await addDocument(app, vendor, draft.id, 'insurance', kuwaitDate(400));
    expect(first.statusCode).toBe(200);
    expect((first.json() as Truck).documents).toEqual([
      expect.objectContaining({ type: 'insurance', state: 'valid', reviewState: 'pending', file: expect.objectContaining({ mime: 'application/pdf' }) }),
    ]);
    const renewed = await addDocument(app, vendor, draft.id, 'insurance', kuwaitDate(10));
    expect((renewed.json() as Truck).documents).toEqual([expect.objectContaining({ type: 'insurance', expiryDate: kuwaitDate(10), state: 'expiring', daysLeft: 10 })]);

    const removed = await call(app, vendor, 'DELETE', `/trucks/${draft.id}/documents/insurance`);
    expect((removed.json() as Truck).documents).toEqual([]);
    expect((await call(app, vendor, 'DELETE', `/trucks/${draft.id}/documents/insurance`)).statusCode).toBe(404);
  });

  it('refuses an expired document, an expiry before the issue date and a future issue date, storing nothing', async () => {
    const vendor = await signUp(app);
    const draft = await createDraft(app, vendor);
    const fileId = await documentFile(vendor, draft.id);
    const base = { type: 'health_permit', number: 'HP-1', issuer: 'Municipality', fileId };

    const expired = await call(app, vendor, 'PUT', `/trucks/${draft.id}/documents`, { ...base, issueDate: kuwaitDate(-400), expiryDate: kuwaitDate(-1) });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error).toMatchObject({ code: 'document_expired', fields: [expect.objectContaining({ path: 'expiryDate', code: 'document_expired' })] });

    const backwards = await call(app, vendor, 'PUT', `/trucks/${draft.id}/documents`, { ...base, issueDate: kuwaitDate(-10), expiryDate: kuwaitDate(-20) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual([expect.objectContaining({ path: 'expiryDate', code: 'expiry_before_issue' })]);

    const future = await call(app, vendor, 'PUT', `/trucks/${draft.id}/documents`, { ...base, issueDate: kuwaitDate(5), expiryDate: kuwaitDate(400) });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual([expect.objectContaining({ path: 'issueDate', code: 'issue_date_future' })]);

    const badType = await call(app, vendor, 'PUT', `/trucks/${draft.id}/documents`, { ...base, type: 'passport', issueDate: kuwaitDate(-1), expiryDate: kuwaitDate(9) });
    expect(badType.statusCode).toBe(400);

    const photo = await uploadFile(app, vendor, draft.id, 'photo', { name: 'p.png', type: 'image/png', content: await demoImage('P', '#333', 'png') });
    const wrongFile = await call(app, vendor, 'PUT', `/trucks/${draft.id}/documents`, { ...base, fileId: photo.json().id, issueDate: kuwaitDate(-1), expiryDate: kuwaitDate(9) });
    expect(wrongFile.statusCode).toBe(400);
    expect(wrongFile.json().error.fields).toEqual([expect.objectContaining({ path: 'fileId', code: 'upload_invalid' })]);

    expect((await call(app, vendor, 'GET', `/trucks/${draft.id}`)).json().documents).toEqual([]);
  });

  it('needs both required documents to submit', async () => {
    const vendor = await signUp(app);
    const truck = await completeApplication(app, vendor);
    await call(app, vendor, 'DELETE', `/trucks/${truck.id}/documents/health_permit`);
    const res = await call(app, vendor, 'POST', `/trucks/${truck.id}/submit`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'document_missing', fields: [{ path: 'documents.health_permit', code: 'document_missing', params: { type: 'health_permit' } }] });
    expect((await addDocument(app, vendor, truck.id, 'health_permit')).statusCode).toBe(200);
    expect((await call(app, vendor, 'POST', `/trucks/${truck.id}/submit`)).statusCode).toBe(200);
  });

  it('refuses to submit, or approve, once a document has expired', async () => {
    const vendor = await signUp(app);
    const truck = await completeApplication(app, vendor);
    await setExpiry(truck.id, 'health_permit', kuwaitDate(-1));
    const res = await call(app, vendor, 'POST', `/trucks/${truck.id}/submit`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'document_expired', fields: [expect.objectContaining({ path: 'documents.health_permit', code: 'document_expired' })] });

    const other = await submittedTruck(app, await signUp(app));
    await setExpiry(other.id, 'commercial_registration', kuwaitDate(-3));
    const approve = await decide(app, admin, other.id, { action: 'approve' });
    expect(approve.statusCode).toBe(422);
    expect(approve.json().error.code).toBe('document_expired');
    expect((await call(app, admin, 'GET', `/trucks/${other.id}`)).json().status).toBe('submitted');
  });

  it('warns within 30 days of expiry, and an expired required document stops the truck trading', async () => {
    const vendor = await signUp(app);
    const truck = await approvedTruck(app, vendor, admin);
    expect(truck.tradingBlocks).toEqual([]);
    expect(truck.documents.every((doc) => doc.reviewState === 'accepted')).toBe(true);

    await setExpiry(truck.id, 'commercial_registration', kuwaitDate(30));
    let [summary] = (await call(app, vendor, 'GET', '/trucks')).json() as TruckSummary[];
    expect(summary).toMatchObject({ mayTrade: true, alerts: [{ type: 'commercial_registration', state: 'expiring', daysLeft: 30 }] });

    await setExpiry(truck.id, 'health_permit', kuwaitDate(-1));
    [summary] = (await call(app, vendor, 'GET', '/trucks')).json() as TruckSummary[];
    expect(summary?.mayTrade).toBe(false);
    expect(summary?.alerts).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'health_permit', state: 'expired' })]));
    const view = (await call(app, vendor, 'GET', `/trucks/${truck.id}`)).json() as Truck;
    expect(view.tradingBlocks).toEqual([{ code: 'document_expired', type: 'health_permit', expiryDate: kuwaitDate(-1) }]);
    const [row] = await app.database.db.select().from(trucks).where(eq(trucks.id, truck.id));
    expect(await truckTradingBlocks(app.database.db, row!)).toEqual([{ code: 'document_expired', type: 'health_permit', expiryDate: kuwaitDate(-1) }]);

    // An approved truck renews its papers in place, and trades again.
    const renewed = await addDocument(app, vendor, truck.id, 'health_permit', kuwaitDate(365));
    expect(renewed.statusCode).toBe(200);
    expect((renewed.json() as Truck).tradingBlocks).toEqual([]);
    expect(await truckTradingBlocks(app.database.db, row!)).toEqual([]);
  });

  it('judges expiry by the truck’s own calendar', async () => {
    const vendor = await signUp(app);
    const truck = await approvedTruck(app, vendor, admin);
    const [row] = await app.database.db.select().from(trucks).where(eq(trucks.id, truck.id));
    await setExpiry(truck.id, 'health_permit', '2026-11-21');
    // 22:30 UTC on the 21st is already the 22nd in Kuwait (UTC+3): expired there, valid in New York.
    const now = new Date('2026-11-21T22:30:00Z');
    expect(await truckTradingBlocks(app.database.db, row!, now)).toEqual([{ code: 'document_expired', type: 'health_permit', expiryDate: '2026-11-21' }]);
    expect(await truckTradingBlocks(app.database.db, { ...row!, timeZone: 'America/New_York' }, now)).toEqual([]);
  });

  it('locks documents while the application is under review', async () => {
    const vendor = await signUp(app);
    const truck = await submittedTruck(app, vendor);
    const res = await addDocument(app, vendor, truck.id, 'insurance');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'truck_locked', details: { status: 'submitted' } });
    expect((await call(app, vendor, 'DELETE', `/trucks/${truck.id}/documents/health_permit`)).statusCode).toBe(409);
  });
});
