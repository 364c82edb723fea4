import { HoursUpdateSchema, type Hours } from '@domain/hours';
import { describe, expect, it } from 'vitest';
import { checkDraft, copyDay, draftOf, loadHoursContract, nextShift, sameUpdate, savedCheck, updateOf } from './hours-draft';

const HOURS: Hours = {
  timeZone: 'Asia/Kuwait',
  days: {
    mon: [],
    tue: [{ opens: '11:30', closes: '14:30', deliveryEnabled: true, spot: { address: 'Sharq', lat: 29.37, lng: 47.99 } }],
    wed: [],
    thu: [],
    fri: [{ opens: '19:00', closes: '02:00', deliveryEnabled: false }],
    sat: [],
    sun: [],
  },
  exceptions: { '2099-03-01': { kind: 'shifts', shifts: [{ opens: '16:00', closes: '23:00', deliveryEnabled: true }] }, '2099-02-25': { kind: 'closed' } },
  pausedUntil: null,
  version: 4,
  status: { open: false, reason: 'closed', opensAt: null },
};

describe('the hours draft', () => {
  it('goes back out as the update it came in as, exceptions in date order', () => {
    const draft = draftOf(HOURS);
    expect(draft.exceptions.map((e) => e.date)).toEqual(['2099-02-25', '2099-03-01']);
    expect(updateOf(draft)).toEqual({ timeZone: HOURS.timeZone, days: HOURS.days, exceptions: HOURS.exceptions, version: 4 });
    expect(sameUpdate(draft, draftOf(HOURS))).toBe(true);
  });

  it('copies a day onto others as independent shifts', () => {
    const draft = draftOf(HOURS);
    const copied = copyDay(draft, 'tue', ['wed', 'thu', 'tue']);
    expect(updateOf(copied).days).toMatchObject({ wed: HOURS.days.tue, thu: HOURS.days.tue, tue: HOURS.days.tue, fri: HOURS.days.fri });
    expect(copied.days.wed[0]!.key).not.toBe(copied.days.tue[0]!.key);
    expect(copied.days.wed[0]!.spot).not.toBe(copied.days.tue[0]!.spot);
  });

  it('offers lunch on an empty day, and a shift after the last one otherwise (past midnight too)', () => {
    expect(nextShift([])).toMatchObject({ opens: '11:00', closes: '15:00' });
    const late = draftOf(HOURS).days.fri;
    expect(nextShift(late)).toMatchObject({ opens: '03:00', closes: '06:00' });
  });

  it('names an overnight clash in the interface language, and shows no schedule while it lasts', () => {
    const draft = draftOf(HOURS);
    const clashing = { ...draft, days: { ...draft.days, sat: [{ ...nextShift([]), opens: '01:00', closes: '03:00' }] } };
    const en = checkDraft(clashing, 'en', HoursUpdateSchema);
    expect(en.schedule).toBeNull();
    expect(en.errors.get('days.fri.0')).toEqual(['This shift (19:00–02:00) runs past midnight into the next day’s shift 01:00–03:00.']);
    expect(checkDraft(clashing, 'ar', HoursUpdateSchema).errors.get('days.fri.0')![0]).toMatch(/[\u0600-\u06FF]/);
    expect(checkDraft(draft, 'en', HoursUpdateSchema)).toMatchObject({ errors: new Map(), schedule: { timeZone: 'Asia/Kuwait' } });
  });

  it('opens on the saved hours as checking their draft gives them', async () => {
    const contract = await loadHoursContract();
    expect(savedCheck(HOURS)).toEqual(checkDraft(draftOf(HOURS), 'en', contract));
  });

  it('reports a cleared time or a spot without its pin as required', () => {
    const draft = draftOf(HOURS);
    const tue = draft.days.tue[0]!;
    const broken = { ...draft, days: { ...draft.days, tue: [{ ...tue, closes: '', spot: { address: 'Sharq', lat: null, lng: 47.99 } }] } };
    const { errors } = checkDraft(broken, 'en', HoursUpdateSchema);
    expect(errors.get('days.tue.0.closes')).toEqual(['This field is required.']);
    expect(errors.get('days.tue.0.spot.lat')).toEqual(['This field is required.']);
  });
});
