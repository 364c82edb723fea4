import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import arFields from '../i18n/ar/fields.json';
import enFields from '../i18n/en/fields.json';
import { WEEKDAYS, WeeklyScheduleSchema, isOpenAt, nextOpening, openStatus, type Schedule, type ScheduleInput, type Weekday } from './index';

const schedule = (input: ScheduleInput): Schedule => WeeklyScheduleSchema.parse(input);
const instant = (iso: string) => Temporal.Instant.from(iso);
const justBefore = (t: Temporal.Instant) => t.subtract({ nanoseconds: 1 });

function issuesOf(input: ScheduleInput) {
  const result = WeeklyScheduleSchema.safeParse(input);
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), params: 'params' in issue ? issue.params : undefined }));
}

const KUWAIT = 'Asia/Kuwait'; // UTC+3 all year: local 18:00 is 15:00Z.

describe('WeeklyScheduleSchema', () => {
  it('fills missing days, exceptions and deliveryEnabled', () => {
    const parsed = schedule({ timeZone: KUWAIT, days: { fri: [{ opens: '18:00', closes: '02:00' }] } });
    expect(parsed.days.mon).toEqual([]);
    expect(parsed.days.fri).toEqual([{ opens: '18:00', closes: '02:00', deliveryEnabled: true }]);
    expect(parsed.exceptions).toEqual({});
  });

  it('takes IANA time zones only', () => {
    expect(WeeklyScheduleSchema.safeParse({ timeZone: 'Europe/London', days: {} }).success).toBe(true);
    for (const timeZone of ['Mars/Olympus_Mons', '+03:00', '']) {
      expect(issuesOf({ timeZone, days: {} })).toEqual([{ path: 'timeZone', params: { code: 'invalid_time_zone' } }]);
    }
  });

  it('takes HH:MM times on the 24-hour clock only', () => {
    for (const opens of ['24:00', '9:00', '09:00:00', '12:60']) {
      expect(WeeklyScheduleSchema.safeParse({ timeZone: KUWAIT, days: { mon: [{ opens, closes: '10:00' }] } }).success).toBe(false);
    }
  });

  it('refuses overlapping shifts of a day, naming the day and both shifts', () => {
    const input = { timeZone: KUWAIT, days: { mon: [{ opens: '12:00', closes: '15:00' }, { opens: '11:00', closes: '13:00' }] } };
    expect(issuesOf(input)).toEqual([
      { path: 'days.mon.0', params: { code: 'shift_overlap', day: 'mon', shift: '12:00–15:00', other: '11:00–13:00' } },
    ]);
  });

  it('accepts back-to-back shifts', () => {
    const input = { timeZone: KUWAIT, days: { mon: [{ opens: '12:00', closes: '15:00' }, { opens: '15:00', closes: '18:00' }] } };
    expect(issuesOf(input)).toEqual([]);
  });

  it("refuses an overnight spill into the next day's shifts, Sunday into Monday included", () => {
    expect(issuesOf({ timeZone: KUWAIT, days: { fri: [{ opens: '18:00', closes: '02:00' }], sat: [{ opens: '01:00', closes: '03:00' }] } })).toEqual([
      { path: 'days.fri.0', params: { code: 'shift_overlap_overnight', day: 'fri', shift: '18:00–02:00', other: '01:00–03:00', otherDay: 'sat' } },
    ]);
    expect(issuesOf({ timeZone: KUWAIT, days: { sun: [{ opens: '22:00', closes: '03:00' }], mon: [{ opens: '02:00', closes: '05:00' }] } })).toEqual([
      { path: 'days.sun.0', params: { code: 'shift_overlap_overnight', day: 'sun', shift: '22:00–03:00', other: '02:00–05:00', otherDay: 'mon' } },
    ]);
    expect(issuesOf({ timeZone: KUWAIT, days: { fri: [{ opens: '18:00', closes: '02:00' }], sat: [{ opens: '02:00', closes: '03:00' }] } })).toEqual([]);
  });

  it('reads a shift that closes when it opens as 24 hours long', () => {
    const days = (satOpens: string) => ({ fri: [{ opens: '10:00', closes: '10:00' }], sat: [{ opens: satOpens, closes: '12:00' }] });
    expect(issuesOf({ timeZone: KUWAIT, days: days('09:59') })).toHaveLength(1);
    expect(issuesOf({ timeZone: KUWAIT, days: days('10:00') })).toEqual([]);
  });

  it('checks exception shifts against each other and against the nights around them', () => {
    // 2024-06-08 is a Saturday; the Friday before keeps its weekly 18:00–02:00.
    const days = { fri: [{ opens: '18:00', closes: '02:00' }], sun: [{ opens: '09:00', closes: '12:00' }] };
    expect(
      issuesOf({ timeZone: KUWAIT, days, exceptions: { '2024-06-08': { kind: 'shifts', shifts: [{ opens: '01:00', closes: '04:00' }] } } }),
    ).toEqual([
      {
        path: 'exceptions.2024-06-08.shifts.0',
        params: { code: 'shift_overlap_previous_night', day: '2024-06-08', shift: '01:00–04:00', other: '18:00–02:00', otherDay: '2024-06-07' },
      },
    ]);
    expect(
      issuesOf({ timeZone: KUWAIT, days, exceptions: { '2024-06-08': { kind: 'shifts', shifts: [{ opens: '20:00', closes: '10:00' }] } } }),
    ).toEqual([
      {
        path: 'exceptions.2024-06-08.shifts.0',
        params: { code: 'shift_overlap_overnight', day: '2024-06-08', shift: '20:00–10:00', other: '09:00–12:00', otherDay: '2024-06-09' },
      },
    ]);
    expect(
      issuesOf({
        timeZone: KUWAIT,
        days,
        exceptions: { '2024-06-08': { kind: 'shifts', shifts: [{ opens: '10:00', closes: '14:00' }, { opens: '13:00', closes: '15:00' }] } },
      }),
    ).toEqual([{ path: 'exceptions.2024-06-08.shifts.1', params: { code: 'shift_overlap', day: '2024-06-08', shift: '13:00–15:00', other: '10:00–14:00' } }]);
    // A closed Friday takes its overnight spill with it, freeing Saturday's early hours.
    expect(
      issuesOf({
        timeZone: KUWAIT,
        days,
        exceptions: { '2024-06-07': { kind: 'closed' }, '2024-06-08': { kind: 'shifts', shifts: [{ opens: '01:00', closes: '04:00' }] } },
      }),
    ).toEqual([]);
  });

  it('refuses exception dates that do not exist and pauses without an offset', () => {
    expect(WeeklyScheduleSchema.safeParse({ timeZone: KUWAIT, days: {}, exceptions: { '2025-02-29': { kind: 'closed' } } }).success).toBe(false);
    expect(WeeklyScheduleSchema.safeParse({ timeZone: KUWAIT, days: {}, pausedUntil: '2025-01-01T10:00:00' }).success).toBe(false);
    expect(WeeklyScheduleSchema.safeParse({ timeZone: KUWAIT, days: {}, pausedUntil: '2025-01-01T10:00:00+03:00' }).success).toBe(true);
  });
  it.each(['invalid_time_zone', 'shift_overlap', 'shift_overlap_overnight', 'shift_overlap_previous_night'])('words %s in English and Arabic with the same placeholders', (code) => {
    const placeholders = (text: string | undefined) => [...(text ?? '').matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const en = (enFields as Record<string, string>)[code];
    const ar = (arFields as Record<string, string>)[code];
    expect(en).toBeTruthy();
    expect(ar).toBeTruthy();
    expect(placeholders(ar)).toEqual(placeholders(en));
  });
});

describe('isOpenAt and nextOpening', () => {
  // 2024-06-07 is a Friday.
  const lateFriday = schedule({ timeZone: KUWAIT, days: { fri: [{ opens: '18:00', closes: '02:00' }] } });

  it("keeps a shift past midnight open on the next morning, as the day it opened's shift", () => {
    const result = isOpenAt(lateFriday, '2024-06-08T01:00:00+03:00');
    expect(result).toMatchObject({ open: true, shift: { date: '2024-06-07', opens: '18:00', closes: '02:00', source: 'weekly' } });
    expect(result.open && result.closesAt.equals(instant('2024-06-08T02:00:00+03:00'))).toBe(true);
  });

  it('is open at the opening instant and closed at the closing one', () => {
    expect(isOpenAt(lateFriday, '2024-06-07T18:00:00+03:00').open).toBe(true);
    expect(isOpenAt(lateFriday, justBefore(instant('2024-06-07T18:00:00+03:00'))).open).toBe(false);
    expect(isOpenAt(lateFriday, justBefore(instant('2024-06-08T02:00:00+03:00'))).open).toBe(true);
    expect(isOpenAt(lateFriday, '2024-06-08T02:00:00+03:00')).toEqual({ open: false, reason: 'closed' });
  });

  it('ends a shift closing at 00:00 exactly at midnight', () => {
    const evening = schedule({ timeZone: KUWAIT, days: { sat: [{ opens: '18:00', closes: '00:00' }] } });
    const result = isOpenAt(evening, '2024-06-08T23:59:59+03:00');
    expect(result.open && result.closesAt.equals(instant('2024-06-09T00:00:00+03:00'))).toBe(true);
    expect(isOpenAt(evening, '2024-06-09T00:00:00+03:00').open).toBe(false);
  });

  describe('back-to-back shifts', () => {
    const split = schedule({
      timeZone: KUWAIT,
      days: { mon: [{ opens: '15:00', closes: '18:00', spot: { address: 'Souq Sharq', lat: 29.39, lng: 48.0 } }, { opens: '12:00', closes: '15:00' }] },
    });

    it('stay open across the change, in the later shift and at its spot', () => {
      const result = isOpenAt(split, '2024-06-10T15:00:00+03:00');
      expect(result).toMatchObject({ open: true, shift: { opens: '15:00', index: 0 }, spot: { address: 'Souq Sharq' } });
    });

    it('close at the end of the last one, while each shift keeps its own end', () => {
      const result = isOpenAt(split, '2024-06-10T13:00:00+03:00');
      expect(result.open).toBe(true);
      if (!result.open) return;
      expect(result.closesAt.equals(instant('2024-06-10T18:00:00+03:00'))).toBe(true);
      expect(result.shift.closesAt.equals(instant('2024-06-10T15:00:00+03:00'))).toBe(true);
      expect(result.spot).toBeUndefined();
    });

    it('are one opening: the next one is the following week', () => {
      expect(nextOpening(split, '2024-06-10T13:00:00+03:00')?.opensAt.equals(instant('2024-06-17T12:00:00+03:00'))).toBe(true);
    });
  });

  it('carries deliveryEnabled and the spot of the shift', () => {
    const pickupOnly = schedule({
      timeZone: KUWAIT,
      days: { tue: [{ opens: '10:00', closes: '14:00', deliveryEnabled: false, spot: { address: 'Kuwait Towers', lat: 29.39, lng: 48.0 } }] },
    });
    expect(isOpenAt(pickupOnly, '2024-06-11T11:00:00+03:00')).toMatchObject({
      open: true,
      shift: { deliveryEnabled: false },
      spot: { address: 'Kuwait Towers', lat: 29.39, lng: 48.0 },
    });
  });

  it('accepts a Date, an ISO string or an Instant alike', () => {
    const iso = '2024-06-08T01:00:00+03:00';
    const expected = JSON.stringify(isOpenAt(lateFriday, iso));
    expect(JSON.stringify(isOpenAt(lateFriday, new Date(iso)))).toBe(expected);
    expect(JSON.stringify(isOpenAt(lateFriday, instant(iso)))).toBe(expected);
  });

  describe('daylight saving', () => {
    it('shortens a shift across a spring-forward night (New York, 2024-03-10 02:00 → 03:00)', () => {
      const ny = schedule({ timeZone: 'America/New_York', days: { sat: [{ opens: '22:00', closes: '04:00' }] } });
      const result = isOpenAt(ny, '2024-03-10T06:59:00Z'); // 01:59 EST
      expect(result.open).toBe(true);
      if (!result.open) return;
      expect(result.shift.opensAt.equals(instant('2024-03-10T03:00:00Z'))).toBe(true); // 22:00 EST
      expect(result.closesAt.equals(instant('2024-03-10T08:00:00Z'))).toBe(true); // 04:00 EDT: five hours, not six
      expect(isOpenAt(ny, '2024-03-10T07:00:00Z').open).toBe(true); // 03:00 EDT, straight after the jump
    });

    it('opens a shift whose opening time is skipped at the jump (02:30 → 03:00 EDT)', () => {
      const ny = schedule({ timeZone: 'America/New_York', days: { sun: [{ opens: '02:30', closes: '05:00' }] } });
      expect(nextOpening(ny, '2024-03-09T12:00:00Z')?.opensAt.equals(instant('2024-03-10T07:00:00Z'))).toBe(true);
      expect(isOpenAt(ny, '2024-03-10T06:59:59.999Z').open).toBe(false);
      expect(isOpenAt(ny, '2024-03-10T07:00:00Z').open).toBe(true);
      // A week later the same shift opens at 02:30 EDT.
      expect(nextOpening(ny, '2024-03-10T10:00:00Z')?.opensAt.equals(instant('2024-03-17T06:30:00Z'))).toBe(true);
    });

    it('never holds a shift lying wholly inside the skipped hour', () => {
      const ny = schedule({ timeZone: 'America/New_York', days: { sun: [{ opens: '02:10', closes: '02:50' }] } });
      expect(nextOpening(ny, '2024-03-09T12:00:00Z')?.opensAt.equals(instant('2024-03-17T06:10:00Z'))).toBe(true);
    });

    it('counts a repeated time at its first occurrence on a fall-back night (New York, 2024-11-03 02:00 → 01:00)', () => {
      const ny = schedule({
        timeZone: 'America/New_York',
        days: { sat: [{ opens: '22:00', closes: '01:30' }], sun: [{ opens: '01:30', closes: '03:00' }] },
      });
      const friday = isOpenAt(ny, '2024-11-03T05:00:00Z'); // 01:00 EDT
      expect(friday.open && friday.shift.closesAt.equals(instant('2024-11-03T05:30:00Z'))).toBe(true); // 01:30 EDT
      // Back-to-back at the first 01:30; the Sunday shift runs until 03:00 EST, two and a half hours later.
      expect(friday.open && friday.closesAt.equals(instant('2024-11-03T08:00:00Z'))).toBe(true);
      expect(isOpenAt(ny, '2024-11-03T06:15:00Z')).toMatchObject({ open: true, shift: { opens: '01:30' } }); // 01:15 EST, the repeat
    });

    it('does not reopen a shift for the repeated hour', () => {
      const ny = schedule({ timeZone: 'America/New_York', days: { sun: [{ opens: '00:30', closes: '01:30' }] } });
      expect(isOpenAt(ny, '2024-11-03T05:15:00Z').open).toBe(true); // 01:15 EDT
      expect(isOpenAt(ny, '2024-11-03T05:30:00Z').open).toBe(false); // 01:30 EDT
      expect(isOpenAt(ny, '2024-11-03T06:15:00Z').open).toBe(false); // 01:15 EST
    });

    it('follows Europe/London on both change nights', () => {
      const london = schedule({ timeZone: 'Europe/London', days: { sat: [{ opens: '20:00', closes: '03:00' }] } });
      const spring = isOpenAt(london, '2024-03-31T00:30:00Z');
      expect(spring.open && spring.closesAt.equals(instant('2024-03-31T02:00:00Z'))).toBe(true); // 03:00 BST: six hours
      const autumn = isOpenAt(london, '2024-10-26T20:00:00Z');
      expect(autumn.open && autumn.shift.opensAt.equals(instant('2024-10-26T19:00:00Z'))).toBe(true); // 20:00 BST
      expect(autumn.open && autumn.closesAt.equals(instant('2024-10-27T03:00:00Z'))).toBe(true); // 03:00 GMT: eight hours
    });

    it('closes a midnight shift at the jump when midnight itself is skipped (Santiago, 2024-09-08 00:00 → 01:00)', () => {
      const santiago = schedule({ timeZone: 'America/Santiago', days: { sat: [{ opens: '18:00', closes: '00:00' }] } });
      const result = isOpenAt(santiago, '2024-09-08T03:59:00Z');
      expect(result.open && result.closesAt.equals(instant('2024-09-08T04:00:00Z'))).toBe(true);
      expect(isOpenAt(santiago, '2024-09-08T04:00:00Z').open).toBe(false);
    });

    it('keeps every shift the same length all year where there is no daylight saving (Asia/Kuwait)', () => {
      const kuwait = schedule({ timeZone: KUWAIT, days: Object.fromEntries(WEEKDAYS.map((day) => [day, [{ opens: '18:00', closes: '02:00' }]])) });
      let t = instant('2024-01-01T00:00:00Z');
      for (let week = 0; week < 53; week++) {
        const opening = nextOpening(kuwait, t)!;
        expect(opening.shift.closesAt.since(opening.opensAt).total('hours')).toBe(8);
        expect(opening.opensAt.toZonedDateTimeISO(KUWAIT).hour).toBe(18);
        t = opening.opensAt.add({ hours: 24 * 7 - 1 });
      }
    });
  });

  describe('exceptions', () => {
    // Saturday 2024-06-08 is an exception; Friday keeps 18:00–02:00, Saturday normally 12:00–18:00.
    const base = { timeZone: KUWAIT, days: { fri: [{ opens: '18:00', closes: '02:00' }], sat: [{ opens: '12:00', closes: '18:00' }] } };

    it('close the date all day, the previous night running on into it', () => {
      const holiday = schedule({ ...base, exceptions: { '2024-06-08': { kind: 'closed' } } });
      expect(isOpenAt(holiday, '2024-06-08T01:00:00+03:00')).toMatchObject({ open: true, shift: { date: '2024-06-07' } });
      expect(isOpenAt(holiday, '2024-06-08T13:00:00+03:00')).toEqual({ open: false, reason: 'exception_closed' });
      expect(nextOpening(holiday, '2024-06-08T03:00:00+03:00')?.opensAt.equals(instant('2024-06-14T18:00:00+03:00'))).toBe(true);
    });

    it("replace the date's own shifts", () => {
      const eid = schedule({ ...base, exceptions: { '2024-06-08': { kind: 'shifts', shifts: [{ opens: '16:00', closes: '23:00' }] } } });
      expect(isOpenAt(eid, '2024-06-08T13:00:00+03:00')).toEqual({ open: false, reason: 'closed' });
      expect(isOpenAt(eid, '2024-06-08T20:00:00+03:00')).toMatchObject({ open: true, shift: { source: 'exception', opens: '16:00', index: 0 } });
      expect(nextOpening(eid, '2024-06-08T03:00:00+03:00')?.opensAt.equals(instant('2024-06-08T16:00:00+03:00'))).toBe(true);
      expect(isOpenAt(eid, '2024-06-15T13:00:00+03:00').open).toBe(true); // the next Saturday is normal
    });

    it('are found beyond two weeks ahead', () => {
      const seasonal = schedule({ timeZone: KUWAIT, days: {}, exceptions: { '2024-09-01': { kind: 'shifts', shifts: [{ opens: '10:00', closes: '14:00' }] } } });
      expect(nextOpening(seasonal, '2024-06-08T00:00:00Z')?.opensAt.equals(instant('2024-09-01T10:00:00+03:00'))).toBe(true);
    });
  });

  describe('a pause', () => {
    const lunch = { timeZone: KUWAIT, days: { mon: [{ opens: '12:00', closes: '15:00' }] } };

    it('closes ordering in a shift until it ends', () => {
      const busy = schedule({ ...lunch, pausedUntil: '2024-06-10T13:30:00+03:00' });
      const result = isOpenAt(busy, '2024-06-10T13:00:00+03:00');
      expect(result).toMatchObject({ open: false, reason: 'paused', shift: { opens: '12:00' } });
      expect(result.open === false && result.reason === 'paused' && result.pausedUntil.equals(instant('2024-06-10T13:30:00+03:00'))).toBe(true);
      expect(nextOpening(busy, '2024-06-10T13:00:00+03:00')?.opensAt.equals(instant('2024-06-10T13:30:00+03:00'))).toBe(true);
      expect(isOpenAt(busy, '2024-06-10T13:30:00+03:00').open).toBe(true);
    });

    it('delays an opening it overlaps and skips a shift it covers', () => {
      const lateStart = schedule({ ...lunch, pausedUntil: '2024-06-10T12:45:00+03:00' });
      expect(nextOpening(lateStart, '2024-06-10T08:00:00+03:00')?.opensAt.equals(instant('2024-06-10T12:45:00+03:00'))).toBe(true);
      const allDay = schedule({ ...lunch, pausedUntil: '2024-06-10T16:00:00+03:00' });
      expect(nextOpening(allDay, '2024-06-10T13:00:00+03:00')?.opensAt.equals(instant('2024-06-17T12:00:00+03:00'))).toBe(true);
    });

    it('outside shifts leaves the reason at closed', () => {
      const busy = schedule({ ...lunch, pausedUntil: '2024-06-10T16:00:00+03:00' });
      expect(isOpenAt(busy, '2024-06-10T10:00:00+03:00')).toEqual({ open: false, reason: 'closed' });
    });
  });

  describe('openStatus', () => {
    it('says until when open and when it opens when closed', () => {
      const status = openStatus(lateFriday, '2024-06-07T20:00:00+03:00');
      expect(status.open && status.until.equals(instant('2024-06-08T02:00:00+03:00'))).toBe(true);
      const closed = openStatus(lateFriday, '2024-06-08T12:00:00+03:00');
      expect(closed).toMatchObject({ open: false, reason: 'closed' });
      expect(!closed.open && closed.opensAt?.equals(instant('2024-06-14T18:00:00+03:00'))).toBe(true);
    });

    it('has no opening ahead for a schedule without shifts', () => {
      expect(openStatus(schedule({ timeZone: KUWAIT, days: {} }), '2024-06-08T12:00:00Z')).toEqual({ open: false, reason: 'closed', opensAt: null });
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random schedules in time zones chosen for their daylight-saving habits.

const TIME_ZONES = [
  'UTC',
  'Asia/Kuwait',
  'Europe/London',
  'America/New_York',
  'America/Santiago', // changes at midnight
  'Australia/Sydney', // southern hemisphere
  'Australia/Lord_Howe', // half-hour change
  'America/St_Johns', // half-hour offset
  'Asia/Kolkata',
  'Pacific/Apia', // skipped 2011-12-30 entirely
];

/** Dates with a change somewhere in TIME_ZONES, so random instants often fall on a change night. */
const CHANGE_DATES = ['2024-03-10', '2024-03-31', '2024-04-07', '2024-09-08', '2024-10-06', '2024-10-27', '2024-11-03', '2011-12-30', '2025-03-30'];

const WEEK_MINUTES = 7 * 24 * 60;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

type WeekShift = { day: number; start: number; length: number }; // minutes on the day's clock; length 1..1440

/**
 * Non-overlapping shifts laid end to end around the week (gaps may be zero: back-to-back), rotated so
 * any may spill from Sunday into Monday. They never cover the whole week, so the truck always closes.
 */
const weekShiftsArb = fc
  .record({
    rotation: fc.integer({ min: 0, max: WEEK_MINUTES - 1 }),
    pieces: fc.array(fc.record({ gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 })), length: fc.integer({ min: 1, max: 1440 }) }), { maxLength: 10 }),
  })
  .map(({ rotation, pieces }) => {
    const shifts: WeekShift[] = [];
    let cursor = 0;
    for (const { gap, length } of pieces) {
      const start = cursor + gap;
      if (start + length >= WEEK_MINUTES) break;
      cursor = start + length;
      const rotated = (start + rotation) % WEEK_MINUTES;
      shifts.push({ day: Math.floor(rotated / 1440), start: rotated % 1440, length });
    }
    return shifts;
  });

function weeklyDays(shifts: readonly WeekShift[]): Record<Weekday, { opens: string; closes: string }[]> {
  const days = Object.fromEntries(WEEKDAYS.map((day) => [day, [] as { opens: string; closes: string }[]])) as Record<Weekday, { opens: string; closes: string }[]>;
  for (const { day, start, length } of shifts) days[WEEKDAYS[day]!].push({ opens: hhmm(start), closes: hhmm((start + length) % 1440) });
  return days;
}

const baseDateArb = fc.oneof(
  fc.constantFrom(...CHANGE_DATES).chain((date) => fc.integer({ min: -2, max: 2 }).map((days) => Temporal.PlainDate.from(date).add({ days }))),
  fc.integer({ min: 0, max: 3 * 366 }).map((days) => Temporal.PlainDate.from('2024-01-01').add({ days })),
);

const scenarioArb = fc
  .record({
    timeZone: fc.constantFrom(...TIME_ZONES),
    week: weekShiftsArb,
    base: baseDateArb,
    atMinute: fc.integer({ min: -2 * 1440, max: 3 * 1440 }),
    atMillisecond: fc.integer({ min: 0, max: 59_999 }),
    exceptions: fc.array(
      fc.record({
        day: fc.integer({ min: -2, max: 10 }),
        closed: fc.boolean(),
        start: fc.integer({ min: 0, max: 1439 }),
        length: fc.integer({ min: 1, max: 1440 }),
      }),
      { maxLength: 3 },
    ),
    pauseMinutes: fc.option(fc.integer({ min: -600, max: 3000 }), { nil: undefined }),
  })
  .map(({ timeZone, week, base, atMinute, atMillisecond, exceptions, pauseMinutes }) => {
    const at = base.toZonedDateTime({ timeZone }).toInstant().add({ milliseconds: atMinute * 60_000 + atMillisecond });
    const input: ScheduleInput = {
      timeZone,
      days: weeklyDays(week),
      exceptions: Object.fromEntries(
        exceptions.map(({ day, closed, start, length }) => [
          base.add({ days: day }).toString(),
          closed ? { kind: 'closed' as const } : { kind: 'shifts' as const, shifts: [{ opens: hhmm(start), closes: hhmm((start + length) % 1440) }] },
        ]),
      ),
      pausedUntil: pauseMinutes === undefined ? undefined : at.add({ minutes: pauseMinutes }).toString(),
    };
    return { input, at };
  })
  .filter(({ input }) => WeeklyScheduleSchema.safeParse(input).success)
  .map(({ input, at }) => ({ schedule: schedule(input), at }));

describe('properties', () => {
  it('open: ordering stops at closesAt, later than now, and the next opening comes after it', () => {
    fc.assert(
      fc.property(scenarioArb, ({ schedule: s, at }) => {
        const now = isOpenAt(s, at);
        if (!now.open) return;
        expect(Temporal.Instant.compare(now.closesAt, at)).toBe(1);
        expect(isOpenAt(s, justBefore(now.closesAt)).open).toBe(true);
        expect(isOpenAt(s, now.closesAt).open).toBe(false);
        const next = nextOpening(s, at);
        if (next) expect(Temporal.Instant.compare(next.opensAt, now.closesAt)).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it('closed: the next opening is later, open, closed just before, and nothing opens in between', () => {
    fc.assert(
      fc.property(scenarioArb, fc.double({ min: 0, max: 1, noNaN: true }), ({ schedule: s, at }, fraction) => {
        if (isOpenAt(s, at).open) return;
        const next = nextOpening(s, at);
        if (!next) return;
        expect(Temporal.Instant.compare(next.opensAt, at)).toBe(1);
        expect(isOpenAt(s, next.opensAt).open).toBe(true);
        expect(isOpenAt(s, justBefore(next.opensAt)).open).toBe(false);
        const between = at.add({ milliseconds: Math.floor(next.opensAt.since(at).total('milliseconds') * fraction) });
        if (Temporal.Instant.compare(between, next.opensAt) < 0) expect(isOpenAt(s, between).open).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('openStatus agrees with isOpenAt and nextOpening', () => {
    fc.assert(
      fc.property(scenarioArb, ({ schedule: s, at }) => {
        const now = isOpenAt(s, at);
        const status = openStatus(s, at);
        expect(status.open).toBe(now.open);
        if (status.open && now.open) expect(status.until.equals(now.closesAt)).toBe(true);
        if (!status.open && !now.open) {
          expect(status.reason).toBe(now.reason);
          expect(status.opensAt?.toString() ?? null).toBe(nextOpening(s, at)?.opensAt.toString() ?? null);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('where the offset never changes, agrees with plain minute-of-week arithmetic', () => {
    const offsets = { UTC: 0, [KUWAIT]: 3 * 60 } as const;
    const WEEK_MS = WEEK_MINUTES * 60_000;
    fc.assert(
      fc.property(
        weekShiftsArb,
        fc.constantFrom(...(Object.keys(offsets) as (keyof typeof offsets)[])),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (week, timeZone, epochMs) => {
          // 1970-01-01 was a Thursday: Monday-based day index 3.
          const local = epochMs + offsets[timeZone] * 60_000 + 3 * 86_400_000;
          const weekMs = ((local % WEEK_MS) + WEEK_MS) % WEEK_MS;
          const expected = week.some(({ day, start, length }) => {
            const startMs = (day * 1440 + start) * 60_000;
            return (weekMs - startMs + WEEK_MS) % WEEK_MS < length * 60_000;
          });
          expect(isOpenAt(schedule({ timeZone, days: weeklyDays(week) }), new Date(epochMs)).open).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses exactly the weekly schedules in which some minute belongs to two shifts', () => {
    const shiftArb = fc.record({ day: fc.integer({ min: 0, max: 6 }), start: fc.integer({ min: 0, max: 1439 }), length: fc.integer({ min: 1, max: 1440 }) });
    fc.assert(
      fc.property(fc.array(shiftArb, { maxLength: 5 }), (shifts) => {
        const taken = new Uint8Array(WEEK_MINUTES);
        for (const { day, start, length } of shifts) {
          for (let m = 0; m < length; m++) taken[(day * 1440 + start + m) % WEEK_MINUTES]! += 1;
        }
        const overlapping = taken.some((count) => count > 1);
        expect(WeeklyScheduleSchema.safeParse({ timeZone: KUWAIT, days: weeklyDays(shifts) }).success).toBe(!overlapping);
      }),
      { numRuns: 500 },
    );
  });
});
