import { describe, expect, it } from 'vitest';
import { TimeZoneSchema } from '../hours';
import {
  allowedReviewActions,
  documentState,
  localToday,
  mayTrade,
  REVIEW_ACTIONS,
  reviewTransition,
  submissionProblems,
  TRUCK_STATUSES,
  TruckBasicsSchema,
  TruckDocumentInputSchema,
  TruckLocationSchema,
  tradingBlocks,
  type ReviewAction,
  type TruckStatus,
} from './index';

const LEGAL: Array<[TruckStatus, ReviewAction, TruckStatus]> = [
  ['draft', 'submit', 'submitted'],
  ['changes_requested', 'submit', 'submitted'],
  ['submitted', 'approve', 'approved'],
  ['submitted', 'request_changes', 'changes_requested'],
  ['submitted', 'reject', 'rejected'],
  ['approved', 'suspend', 'suspended'],
  ['suspended', 'reinstate', 'approved'],
];

describe('review flow', () => {
  it.each(LEGAL)('%s --%s--> %s', (from, action, to) => {
    expect(reviewTransition(from, action)).toEqual({ ok: true, status: to });
  });

  it('refuses every other status × action pair', () => {
    for (const from of TRUCK_STATUSES) {
      for (const action of REVIEW_ACTIONS) {
        if (LEGAL.some(([f, a]) => f === from && a === action)) continue;
        expect(reviewTransition(from, action)).toEqual({ ok: false, code: 'illegal_transition', from, action });
      }
    }
  });

  it('offers admins exactly the legal review actions', () => {
    expect(allowedReviewActions('submitted')).toEqual(['approve', 'request_changes', 'reject']);
    expect(allowedReviewActions('approved')).toEqual(['suspend']);
    expect(allowedReviewActions('suspended')).toEqual(['reinstate']);
    expect(allowedReviewActions('rejected')).toEqual([]);
  });
});

describe('document expiry', () => {
  it('is valid beyond 30 days, expiring within 30 days, valid through its expiry date, expired the day after', () => {
    expect(documentState('2026-12-31', '2026-11-21')).toEqual({ state: 'valid', daysLeft: 40 });
    expect(documentState('2026-12-21', '2026-11-21')).toEqual({ state: 'expiring', daysLeft: 30 });
    expect(documentState('2026-11-21', '2026-11-21')).toEqual({ state: 'expiring', daysLeft: 0 });
    expect(documentState('2026-11-20', '2026-11-21')).toEqual({ state: 'expired', daysLeft: -1 });
  });

  it("reads today in the truck's time zone", () => {
    const now = new Date('2026-11-21T22:30:00Z');
    expect(localToday('Asia/Kuwait', now)).toBe('2026-11-22');
    expect(localToday('America/New_York', now)).toBe('2026-11-21');
  });

  it('refuses an expiry before the issue date', () => {
    const doc = { type: 'insurance', number: 'X1', issuer: 'Gulf Insurance', issueDate: '2026-05-01', expiryDate: '2026-04-01', fileId: crypto.randomUUID() };
    const result = TruckDocumentInputSchema.safeParse(doc);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['expiryDate'], params: { code: 'expiry_before_issue' } });
  });
});

const validDocs = [
  { type: 'commercial_registration' as const, expiryDate: '2027-06-30' },
  { type: 'health_permit' as const, expiryDate: '2027-01-31' },
];

describe('may the truck trade', () => {
  it('needs approval and both required documents unexpired', () => {
    expect(mayTrade({ status: 'approved', documents: validDocs }, '2026-11-21')).toBe(true);
    expect(tradingBlocks({ status: 'submitted', documents: validDocs }, '2026-11-21')).toEqual([{ code: 'truck_not_approved', status: 'submitted' }]);
    expect(tradingBlocks({ status: 'approved', documents: validDocs.slice(0, 1) }, '2026-11-21')).toEqual([{ code: 'document_missing', type: 'health_permit' }]);
    expect(tradingBlocks({ status: 'approved', documents: validDocs }, '2027-02-01')).toEqual([
      { code: 'document_expired', type: 'health_permit', expiryDate: '2027-01-31' },
    ]);
  });

  it('counts a renewed copy: the latest expiry of a type decides', () => {
    const renewed = [...validDocs, { type: 'health_permit' as const, expiryDate: '2028-01-31' }];
    expect(mayTrade({ status: 'approved', documents: renewed }, '2027-02-01')).toBe(true);
  });
});

describe('submission', () => {
  const basics = TruckBasicsSchema.parse({ nameEn: 'Falafel Express', nameAr: 'فلافل إكسبرس', cuisines: ['falafel'] });
  const location = TruckLocationSchema.parse({
    baseCity: 'Kuwait City',
    address: 'Gulf Road, Sharq',
    location: { lat: 29.38, lng: 47.99 },
    phone: '+96550001234',
    vehicleLengthM: 6,
    powerSource: 'generator',
  });

  it('accepts a complete application', () => {
    expect(submissionProblems({ basics, location, documents: validDocs }, '2026-11-21')).toEqual([]);
  });

  it('lists what is missing and any expired document', () => {
    const problems = submissionProblems(
      { basics: { ...basics, nameAr: '' }, location, documents: [{ type: 'insurance', expiryDate: '2026-01-01' }] },
      '2026-11-21',
    );
    expect(problems).toEqual([
      { path: 'basics.nameAr', code: 'required' },
      { path: 'documents.commercial_registration', code: 'document_missing', params: { type: 'commercial_registration' } },
      { path: 'documents.health_permit', code: 'document_missing', params: { type: 'health_permit' } },
      { path: 'documents.insurance', code: 'document_expired', params: { type: 'insurance' } },
    ]);
  });
});

describe('the truck’s time zone', () => {
  it('takes IANA places and refuses what the hours contract refuses', () => {
    for (const zone of ['Asia/Kuwait', 'America/New_York', 'UTC', 'Europe/London', '+03:00', '-05:00', 'Mars/Olympus', 'GMT+3', '']) {
      expect(TruckLocationSchema.shape.timeZone.safeParse(zone).success, zone).toBe(TimeZoneSchema.safeParse(zone).success);
    }
    expect(TruckLocationSchema.safeParse({ timeZone: 'Mars/Olympus' }).error?.issues[0]).toMatchObject({ params: { code: 'invalid_time_zone' } });
  });
});
