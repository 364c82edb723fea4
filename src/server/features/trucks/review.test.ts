import { REVIEW_ACTIONS, type ReviewAction, type Truck, type TruckStatus, type TruckSummary } from '@domain/trucks';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyIp, bearer, signUp, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { approvedTruck, call, completeApplication, createDraft, decide, submittedTruck } from '@testing/trucks';
import { mailOutbox, users } from '../../db/schema';
import { trucks } from '../../db/tables/trucks';

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
});

const REASONS: Record<ReviewAction, string | undefined> = {
  submit: undefined,
  approve: undefined,
  request_changes: 'Please upload a clearer health permit.',
  reject: 'This is not a food truck.',
  suspend: 'Health inspection failed.',
  reinstate: undefined,
};

/** A truck of a fresh vendor brought to the status by the legal path. */
async function truckIn(status: TruckStatus): Promise<{ vendor: SignedUp; truck: Truck }> {
  const vendor = await signUp(app);
  if (status === 'draft') return { vendor, truck: await completeApplication(app, vendor) };
  const truck = await submittedTruck(app, vendor);
  const path: Partial<Record<TruckStatus, ReviewAction[]>> = {
    submitted: [],
    approved: ['approve'],
    changes_requested: ['request_changes'],
    rejected: ['reject'],
    suspended: ['approve', 'suspend'],
  };
  for (const action of path[status]!) {
    const res = await decide(app, admin, truck.id, { action, ...(REASONS[action] ? { reason: REASONS[action] } : {}) });
    expect(res.statusCode).toBe(200);
  }
  return { vendor, truck };
}

const LEGAL: Record<TruckStatus, ReviewAction[]> = {
  draft: ['submit'],
  submitted: ['approve', 'request_changes', 'reject'],
  changes_requested: ['submit'],
  approved: ['suspend'],
  rejected: [],
  suspended: ['reinstate'],
};

async function act(vendor: SignedUp, truckId: string, action: ReviewAction) {
  if (action === 'submit') return call(app, vendor, 'POST', `/trucks/${truckId}/submit`);
  return decide(app, admin, truckId, { action, ...(REASONS[action] ? { reason: REASONS[action] } : {}) });
}

describe('the review flow', () => {
  it('goes draft → submitted → changes requested → submitted → approved → suspended → approved', async () => {
    const vendor = await signUp(app);
    const draft = await completeApplication(app, vendor);
    expect(draft.status).toBe('draft');

    const submitted = await call(app, vendor, 'POST', `/trucks/${draft.id}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', submittedAt: expect.any(String) });

    const changes = await decide(app, admin, draft.id, { action: 'request_changes', reason: 'The health permit scan is blurry.' });
    expect(changes.json()).toMatchObject({ status: 'changes_requested', reviewNotes: 'The health permit scan is blurry.' });
    // The vendor sees the notes on their truck.
    const seen = await call(app, vendor, 'GET', `/trucks/${draft.id}`);
    expect(seen.json()).toMatchObject({ status: 'changes_requested', reviewNotes: 'The health permit scan is blurry.', relation: 'owner' });

    expect((await call(app, vendor, 'POST', `/trucks/${draft.id}/submit`)).json()).toMatchObject({ status: 'submitted', reviewNotes: null });
    expect((await decide(app, admin, draft.id, { action: 'approve' })).json()).toMatchObject({ status: 'approved', slug: 'falafel-express' });
    expect((await decide(app, admin, draft.id, { action: 'suspend', reason: 'Failed inspection.' })).json()).toMatchObject({ status: 'suspended', reviewNotes: 'Failed inspection.' });
    const reinstated = await decide(app, admin, draft.id, { action: 'reinstate' });
    expect(reinstated.json()).toMatchObject({ status: 'approved', reviewNotes: null });

    const history = (reinstated.json() as Truck).history.map((event) => [event.from, event.action, event.to, event.reason]);
    expect(history).toEqual([
      ['draft', 'submit', 'submitted', null],
      ['submitted', 'request_changes', 'changes_requested', 'The health permit scan is blurry.'],
      ['changes_requested', 'submit', 'submitted', null],
      ['submitted', 'approve', 'approved', null],
      ['approved', 'suspend', 'suspended', 'Failed inspection.'],
      ['suspended', 'reinstate', 'approved', null],
    ]);
  });

  it('rejects with a reason, after which nothing moves', async () => {
    const { vendor, truck } = await truckIn('submitted');
    const rejected = await decide(app, admin, truck.id, { action: 'reject', reason: 'Not a food business.' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reviewNotes: 'Not a food business.' });
    expect((await call(app, vendor, 'POST', `/trucks/${truck.id}/submit`)).statusCode).toBe(409);
  });

  it.each(['draft', 'submitted', 'changes_requested', 'approved', 'rejected', 'suspended'] as TruckStatus[])(
    'refuses every action outside the flow from %s with 409 and the current status, changing nothing',
    async (status) => {
      const { vendor, truck } = await truckIn(status);
      for (const action of REVIEW_ACTIONS.filter((a) => !LEGAL[status].includes(a))) {
        const res = await act(vendor, truck.id, action);
        expect(res.statusCode, `${status} --${action}-->`).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'illegal_transition', details: { status, action } });
      }
      const [row] = await app.database.db.select({ status: trucks.status }).from(trucks).where(eq(trucks.id, truck.id));
      expect(row?.status).toBe(status);
    },
  );

  it.each(['request_changes', 'reject', 'suspend'] as const)('needs a reason to %s (spaces are no reason)', async (action) => {
    const { truck } = await truckIn(action === 'suspend' ? 'approved' : 'submitted');
    for (const payload of [{ action }, { action, reason: '   ' }]) {
      const res = await decide(app, admin, truck.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([expect.objectContaining({ path: 'reason' })]);
    }
    const res = await decide(app, admin, truck.id, { action, reason: '' });
    expect(res.json().error.fields[0]).toMatchObject({ path: 'reason', code: 'reason_required' });
  });

  it('refuses an unknown action and extra fields with 400', async () => {
    const { truck } = await truckIn('submitted');
    expect((await decide(app, admin, truck.id, { action: 'publish' })).statusCode).toBe(400);
    expect((await call(app, admin, 'POST', `/trucks/${truck.id}/review`, { action: 'approve', status: 'approved' })).statusCode).toBe(400);
  });

  it('answers 403 to the owner deciding on their own truck, and only admins see the queue', async () => {
    const { vendor, truck } = await truckIn('submitted');
    const res = await decide(app, vendor, truck.id, { action: 'approve' });
    expect(res.statusCode).toBe(403);
    expect((await call(app, vendor, 'GET', '/admin/trucks')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/trucks' })).statusCode).toBe(401);
  });

  it('refuses to submit an incomplete application and says what is missing', async () => {
    const vendor = await signUp(app);
    const draft = await createDraft(app, vendor);
    const res = await call(app, vendor, 'POST', `/trucks/${draft.id}/submit`);
    expect(res.statusCode).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe('document_missing');
    expect(error.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['basics.nameEn', 'basics.nameAr', 'basics.cuisines', 'location.phone', 'documents.commercial_registration', 'documents.health_permit']),
    );
    expect((await call(app, vendor, 'GET', `/trucks/${draft.id}`)).json().status).toBe('draft');
  });

  it('answers in Arabic when asked', async () => {
    const { vendor, truck } = await truckIn('submitted');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/trucks/${truck.id}/basics`,
      headers: { ...bearer(vendor.token), 'accept-language': 'ar' },
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/لا يمكن تعديل هذه العربة/);
  });
});

describe('approval makes a vendor', () => {
  it('turns the Applicant into a Vendor, seen by the next session refresh without signing out', async () => {
    const applicant = await signUp(app);
    expect(applicant.user.roles).toEqual(['Applicant']);
    expect(applicant.accessList.map((e) => e.screen)).not.toContain('/menu');
    await approvedTruck(app, applicant, admin);

    const renewed = await app.inject({ method: 'POST', url: '/api/v1/auth/renew', headers: bearer(applicant.token), remoteAddress: anyIp() });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().user.roles).toEqual(['Vendor']);
    expect(renewed.json().accessList.map((e: { screen: string }) => e.screen)).toEqual(expect.arrayContaining(['/truck-info', '/menu', '/orders', '/booking-details']));
    const me = await call(app, applicant, 'GET', '/me');
    expect(me.json().user.roles).toEqual(['Vendor']);
  });

  it('leaves the roles alone on a second approval, and a rejected applicant stays an Applicant', async () => {
    const vendor = await signUp(app);
    await approvedTruck(app, vendor, admin);
    await approvedTruck(app, vendor, admin);
    const [row] = await app.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, vendor.user.id));
    expect(row?.roles).toEqual(['Vendor']);

    const { vendor: rejected, truck } = await truckIn('submitted');
    await decide(app, admin, truck.id, { action: 'reject', reason: 'Incomplete papers.' });
    expect((await call(app, rejected, 'GET', '/me')).json().user.roles).toEqual(['Applicant']);
  });

  it('mails the owner and leaves one notice for their next visit', async () => {
    const vendor = await signUp(app, { language: 'ar' });
    const truck = await submittedTruck(app, vendor);
    await decide(app, admin, truck.id, { action: 'request_changes', reason: 'الصورة غير واضحة' });

    await expect.poll(async () => {
      const [mail] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, vendor.email)).orderBy(desc(mailOutbox.createdAt));
      return mail;
    }).toMatchObject({ subject: expect.stringContaining('مطلوب تعديلات'), text: expect.stringContaining('الصورة غير واضحة') });

    const list = (await call(app, vendor, 'GET', '/trucks')).json() as TruckSummary[];
    expect(list[0]?.notices).toEqual([expect.objectContaining({ action: 'request_changes', reason: 'الصورة غير واضحة' })]);
    const ids = list[0]!.notices.map((n) => n.id);
    expect((await call(app, vendor, 'POST', `/trucks/${truck.id}/notices/seen`, { ids })).statusCode).toBe(204);
    expect(((await call(app, vendor, 'GET', '/trucks')).json() as TruckSummary[])[0]?.notices).toEqual([]);
  });
});

describe('the admin list', () => {
  it('queues submitted trucks oldest first, page by page, and lists other statuses without drafts', async () => {
    const fresh = await createTestApp();
    const boss = await signUp(fresh.app, { roles: ['Admin'] });
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) ids.push((await submittedTruck(fresh.app, await signUp(fresh.app))).id);
    await createDraft(fresh.app, await signUp(fresh.app));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(fresh.app, boss, 'GET', `/admin/trucks?status=submitted&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { id: string; ownerEmail: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);

    await decide(fresh.app, boss, ids[0]!, { action: 'approve' });
    const all = (await call(fresh.app, boss, 'GET', '/admin/trucks?status=all')).json() as { items: { id: string; status: string }[] };
    expect(all.items).toHaveLength(5);
    expect(all.items.every((item) => item.status !== 'draft')).toBe(true);
    const approved = (await call(fresh.app, boss, 'GET', '/admin/trucks?status=approved')).json() as { items: { id: string }[] };
    expect(approved.items.map((item) => item.id)).toEqual([ids[0]]);

    const bad = await call(fresh.app, boss, 'GET', '/admin/trucks?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0]).toMatchObject({ path: 'cursor', code: 'invalid_cursor' });
  });
});
