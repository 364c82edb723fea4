import { describe, expect, it } from 'vitest';
import { availabilityAt, availabilityIn, AvailabilityQuerySchema, availabilitySpan, deliveryAt, truckStopAt } from './availability';
import { HoursUpdateSchema, PauseSchema, WeeklyScheduleSchema, type ScheduleInput } from './hours';
import { DeliveryZoneSchema, prepareZones, type DeliveryZoneInput } from './zones';

const KUWAIT = 'Asia/Kuwait'; // UTC+3 all year.
const BASE = { lat: 29.3857, lng: 47.9996 };
const SALMIYA = { address: 'Marina Crescent', lat: 29.341, lng: 48.086 };

// 2026-11-20 is a Friday.
const schedule = (input: Partial<ScheduleInput> = {}) =>
  WeeklyScheduleSchema.parse({
    timeZone: KUWAIT,
    days: {
      fri: [
        { opens: '11:30', closes: '15:00' },
        { opens: '19:00', closes: '01:30', spot: SALMIYA, deliveryEnabled: false },
      ],
    },
    ...input,
  });

const zone = (input: Partial<DeliveryZoneInput> & Pick<DeliveryZoneInput, 'shape'>, id: string) => ({
  id,
  ...DeliveryZoneSchema.parse({ name: id, feeRules: [{ when: 'all', fee: 500 }], estimatedMinutes: 30, ...input }),
});
const zones = prepareZones([zone({ shape: { kind: 'truck-stop-circle', radiusM: 2000 } }, 'around-truck')]);

describe('truckStopAt', () => {
  it('is the spot of the shift under way, else of the next shift, else the base', () => {
    const s = schedule();
    expect(truckStopAt(s, BASE, '2026-11-20T17:00:00Z')).toEqual({ lat: SALMIYA.lat, lng: SALMIYA.lng }); // Fri 20:00
    expect(truckStopAt(s, BASE, '2026-11-20T22:00:00Z')).toEqual({ lat: SALMIYA.lat, lng: SALMIYA.lng }); // Sat 01:00, past midnight
    expect(truckStopAt(s, BASE, '2026-11-20T13:00:00Z')).toEqual({ lat: SALMIYA.lat, lng: SALMIYA.lng }); // Fri 16:00, before the late shift
    expect(truckStopAt(s, BASE, '2026-11-20T10:00:00Z')).toEqual(BASE); // Fri 13:00, lunch names no spot
    expect(truckStopAt(schedule({ days: {} }), null, '2026-11-20T10:00:00Z')).toBeNull();
  });
});

describe('availabilityAt', () => {
  const facts = { schedule: schedule(), zones, base: BASE, mayTrade: true };

  it('answers open until the shift past midnight ends', () => {
    expect(availabilityAt(facts, '2026-11-20T21:00:00Z').status).toEqual({ open: true, until: '2026-11-20T22:30:00.000Z' });
  });

  it('answers closed with the next opening, and not trading whatever the hours when the truck may not trade', () => {
    expect(availabilityAt(facts, '2026-11-20T23:00:00Z').status).toEqual({ open: false, reason: 'closed', opensAt: '2026-11-27T08:30:00.000Z' });
    expect(availabilityAt({ ...facts, mayTrade: false }, '2026-11-20T21:00:00Z').status).toEqual({ open: false, reason: 'not_trading', opensAt: null });
  });

  it('answers paused with when orders resume', () => {
    const paused = { ...facts, schedule: schedule({ pausedUntil: '2026-11-20T11:00:00Z' }) };
    expect(availabilityAt(paused, '2026-11-20T10:00:00Z').status).toEqual({ open: false, reason: 'paused', opensAt: '2026-11-20T11:00:00.000Z' });
  });

  it('asks the zones only about a point, around where the truck stands', () => {
    expect(availabilityAt(facts, '2026-11-20T10:00:00Z').delivery).toBeNull();
    const nearBase = { lat: 29.38, lng: 47.995 };
    expect(availabilityAt(facts, '2026-11-20T10:00:00Z', { point: nearBase, subtotal: 0 }).delivery).toMatchObject({ delivers: true, fee: 500 });
    const s = schedule({ days: { fri: [{ opens: '19:00', closes: '01:30', spot: SALMIYA }] } });
    expect(deliveryAt({ schedule: s, zones, base: BASE }, nearBase, 0, '2026-11-20T17:00:00Z')).toEqual({ delivers: false, reason: 'outside_all_zones' });
  });

  it('refuses delivery during a shift that switched it off', () => {
    expect(deliveryAt(facts, { lat: 29.34, lng: 48.085 }, 5000, '2026-11-20T17:00:00Z')).toEqual({ delivers: false, reason: 'delivery_off' });
  });
});

describe('availabilitySpan', () => {
  const facts = { schedule: schedule(), zones, base: BASE, mayTrade: true };
  const iso = (ms: number) => new Date(ms).toISOString();

  it('holds until the next opening, closing, pause end or local midnight, and flips exactly there', () => {
    const closed = availabilitySpan(facts, '2026-11-20T05:00:00Z'); // Fri 08:00, lunch opens 11:30
    expect(iso(closed.until)).toBe('2026-11-20T08:30:00.000Z');
    expect(availabilitySpan(facts, iso(closed.until - 1)).status).toEqual(closed.status);
    expect(availabilitySpan(facts, iso(closed.until)).status).toEqual({ open: true, until: '2026-11-20T12:00:00.000Z' });

    const late = availabilitySpan(facts, '2026-11-20T20:00:00Z'); // Fri 23:00, the late shift runs past midnight
    expect(iso(late.until)).toBe('2026-11-20T21:00:00.000Z'); // the local date changes first
    expect(iso(availabilitySpan(facts, iso(late.until)).until)).toBe('2026-11-20T22:30:00.000Z');

    const paused = { ...facts, schedule: schedule({ pausedUntil: '2026-11-20T09:15:00Z' }) };
    const span = availabilitySpan(paused, '2026-11-20T09:00:00Z');
    expect(span.status).toMatchObject({ reason: 'paused' });
    expect(iso(span.until)).toBe('2026-11-20T09:15:00.000Z');
    expect(availabilitySpan(paused, iso(span.until)).status).toEqual({ open: true, until: '2026-11-20T12:00:00.000Z' });
  });

  it('gives every instant of a span the answer worked out at its start, across clock changes, back-to-back shifts, exceptions and pauses', () => {
    const BERLIN = 'Europe/Berlin'; // Summer time ends on Sunday 2026-10-25 at 03:00 local.
    const spotA = { address: 'A', lat: 52.52, lng: 13.405 };
    const spotB = { address: 'B', lat: 52.5, lng: 13.3 };
    const s = WeeklyScheduleSchema.parse({
      timeZone: BERLIN,
      days: {
        sat: [{ opens: '10:00', closes: '14:00', spot: spotA }, { opens: '14:00', closes: '02:00', spot: spotB, deliveryEnabled: false }],
        sun: [{ opens: '02:00', closes: '03:30' }, { opens: '12:00', closes: '13:00' }],
        mon: [{ opens: '00:00', closes: '00:00' }],
      },
      exceptions: { '2026-10-27': { kind: 'closed' } },
      pausedUntil: '2026-10-24T10:45:00Z',
    });
    const berlinZones = prepareZones([zone({ shape: { kind: 'truck-stop-circle', radiusM: 3000 } }, 'around-truck')]);
    const all = { schedule: s, zones: berlinZones, base: { lat: 52.45, lng: 13.2 }, mayTrade: true };
    const ask = { point: { lat: 52.515, lng: 13.4 }, subtotal: 1000 };
    const start = Date.parse('2026-10-24T06:00:00Z');
    const end = Date.parse('2026-10-28T02:00:00Z');
    const same = (span: ReturnType<typeof availabilitySpan>, at: number) => expect(availabilityIn(span, all, ask), iso(at)).toEqual(availabilityAt(all, iso(at), ask));
    let span = availabilitySpan(all, iso(start));
    let spans = 1;
    for (let t = start; t < end; t += 53 * 60_000) {
      while (t >= span.until) {
        // The last instant of each span still has its answer; the next one starts at its end.
        same(span, span.until - 1);
        span = availabilitySpan(all, iso(span.until));
        spans++;
      }
      same(span, t);
    }
    expect(spans).toBeGreaterThan(10);
  });
});

describe('AvailabilityQuerySchema', () => {
  it('reads numbers from the query string, a point being both or neither', () => {
    expect(AvailabilityQuerySchema.parse({ lat: '29.3', lng: '47.9', subtotal: '2500' })).toEqual({ lat: 29.3, lng: 47.9, subtotal: 2500 });
    expect(AvailabilityQuerySchema.parse({ lat: '', lng: '' })).toEqual({ subtotal: 0 });
    expect(AvailabilityQuerySchema.safeParse({ lng: '47.9' }).error?.issues[0]).toMatchObject({ path: ['lat'], params: { code: 'required' } });
  });
});

describe('HoursUpdateSchema and PauseSchema', () => {
  it('refuses what the editor does not save: a pause, a misspelt weekday', () => {
    const base = { timeZone: KUWAIT, days: {}, version: 0 };
    expect(HoursUpdateSchema.safeParse(base).success).toBe(true);
    expect(HoursUpdateSchema.safeParse({ ...base, pausedUntil: null }).error?.issues[0]).toMatchObject({ code: 'unrecognized_keys' });
    expect(HoursUpdateSchema.safeParse({ ...base, days: { mon: [], tues: [] } }).error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', path: ['days'] });
  });

  it('checks overlaps like the schedule does', () => {
    const result = HoursUpdateSchema.safeParse({ timeZone: KUWAIT, days: { sat: [{ opens: '22:00', closes: '02:00' }], sun: [{ opens: '01:00', closes: '03:00' }] }, version: 3 });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['days', 'sat', 0], params: expect.objectContaining({ code: 'shift_overlap_overnight' }) })]);
  });

  it('pauses for 15, 30 or 60 minutes, or until an instant', () => {
    for (const minutes of [15, 30, 60]) expect(PauseSchema.safeParse({ kind: 'minutes', minutes }).success).toBe(true);
    expect(PauseSchema.safeParse({ kind: 'minutes', minutes: 45 }).success).toBe(false);
    expect(PauseSchema.safeParse({ kind: 'until', until: '2026-11-20T23:00:00+03:00' }).success).toBe(true);
    expect(PauseSchema.safeParse({ kind: 'until', until: '23:00' }).success).toBe(false);
  });
});
