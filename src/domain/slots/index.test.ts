import { describe, expect, it } from 'vitest';
import { WeeklyScheduleSchema, type ScheduleInput } from '../hours';
import { DEFAULT_SLOT_SETTINGS, SlotSettingsSchema, dueForPreparationAt, listSlots, slotKey, slotProblem, type SlotInputs } from './index';

const schedule = (input: ScheduleInput) => WeeklyScheduleSchema.parse(input);
const settings = SlotSettingsSchema.parse({ enabled: true, intervalMinutes: 30, leadMinutes: 30, capacity: 2, daysAhead: 3 });
const noClosures = { days: [], slots: [] };

describe('listSlots, Kuwait (UTC+3, no daylight saving)', () => {
  // Wednesday 2 December 2026, 10:00 in Kuwait.
  const now = '2026-12-02T07:00:00Z';
  const hours = schedule({
    timeZone: 'Asia/Kuwait',
    days: { wed: [{ opens: '11:00', closes: '13:00' }], thu: [{ opens: '18:00', closes: '19:30', deliveryEnabled: false }], tue: [{ opens: '22:00', closes: '11:00' }] },
    exceptions: { '2026-12-04': { kind: 'closed' } },
  });
  const inputs: SlotInputs = { schedule: hours, settings, closures: noClosures, prepMinutes: 10, now, taken: new Map() };

  it('cuts each shift into slots from its opening, days from the truck’s today, the overnight spill of yesterday included', () => {
    const days = listSlots(inputs);
    expect(days.map((day) => day.date)).toEqual(['2026-12-02', '2026-12-03', '2026-12-04']);
    // Tuesday's overnight shift runs to 11:00: 10:30 is the first slot 30 minutes ahead; 10:30–11:00 fits.
    expect(days[0]!.slots.map((slot) => slot.startsAt)).toEqual([
      '2026-12-02T07:30:00.000Z',
      '2026-12-02T08:00:00.000Z',
      '2026-12-02T08:30:00.000Z',
      '2026-12-02T09:00:00.000Z',
      '2026-12-02T09:30:00.000Z',
    ]);
    expect(days[0]!.slots.every((slot) => slot.state === 'open' && slot.remaining === 2)).toBe(true);
    expect(days[1]!.slots.map((slot) => [slot.startsAt, slot.endsAt, slot.deliveryEnabled])).toEqual([
      ['2026-12-03T15:00:00.000Z', '2026-12-03T15:30:00.000Z', false],
      ['2026-12-03T15:30:00.000Z', '2026-12-03T16:00:00.000Z', false],
      ['2026-12-03T16:00:00.000Z', '2026-12-03T16:30:00.000Z', false],
    ]);
    expect(days[2]!.slots).toEqual([]);
  });

  it('respects the prep time when it is longer than the lead time', () => {
    const days = listSlots({ ...inputs, prepMinutes: 75 });
    expect(days[0]!.slots[0]!.startsAt).toBe('2026-12-02T08:30:00.000Z');
  });

  it('counts taken places, and closed slots and days', () => {
    const taken = new Map([[slotKey('2026-12-02T11:00:00+03:00'), 2], [slotKey('2026-12-02T11:30:00+03:00'), 1]]);
    const closures = { days: ['2026-12-03'], slots: ['2026-12-02T12:00:00+03:00'] };
    const [today, tomorrow] = listSlots({ ...inputs, taken, closures });
    expect(today!.slots.slice(1).map((slot) => [slot.state, slot.remaining])).toEqual([
      ['full', 0],
      ['open', 1],
      ['closed', 0],
      ['open', 2],
    ]);
    expect(tomorrow!.closed).toBe(true);
    expect(tomorrow!.slots.every((slot) => slot.state === 'closed')).toBe(true);
  });

  it('leaves out slots before the pause ends', () => {
    const paused = { ...hours, pausedUntil: '2026-12-02T12:00:00+03:00' };
    expect(listSlots({ ...inputs, schedule: paused })[0]!.slots[0]!.startsAt).toBe('2026-12-02T09:00:00.000Z');
  });

  it('answers whether an order may take a slot', () => {
    const taken = new Map([[slotKey('2026-12-03T15:00:00Z'), 2]]);
    const asked = { ...inputs, taken, closures: { days: [], slots: ['2026-12-03T15:30:00Z'] } };
    expect(slotProblem(asked, '2026-12-03T18:00:00+03:00')).toBe('slot_full');
    expect(slotProblem(asked, '2026-12-03T15:30:00Z')).toBe('slot_closed');
    expect(slotProblem(asked, '2026-12-03T16:00:00Z')).toBeNull();
    expect(slotProblem(asked, '2026-12-03T16:10:00Z')).toBe('slot_unknown');
    expect(slotProblem(asked, '2026-12-02T07:00:00Z')).toBe('slot_unknown'); // too soon
    expect(slotProblem({ ...asked, settings: DEFAULT_SLOT_SETTINGS }, '2026-12-03T16:00:00Z')).toBe('slots_off');
  });
});

describe('listSlots, New York (daylight saving)', () => {
  const hours = schedule({ timeZone: 'America/New_York', days: { sun: [{ opens: '01:00', closes: '04:00' }], sat: [{ opens: '11:00', closes: '12:00' }] } });
  const spring = SlotSettingsSchema.parse({ enabled: true, intervalMinutes: 60, leadMinutes: 0, capacity: 1, daysAhead: 2 });

  it('gives one hour fewer on the spring-forward night and slots at the local offsets either side', () => {
    // Saturday 7 March 2026, 09:00 EST; clocks go 02:00 → 03:00 on Sunday 8 March.
    const days = listSlots({ schedule: hours, settings: spring, closures: noClosures, prepMinutes: 0, now: '2026-03-07T14:00:00Z', taken: new Map() });
    expect(days[0]!.slots.map((slot) => slot.startsAt)).toEqual(['2026-03-07T16:00:00.000Z']);
    // 01:00 EST is 06:00Z, 03:00 EDT is 07:00Z and 04:00 EDT 08:00Z: two hours of slots, not three.
    expect(days[1]!.slots.map((slot) => slot.startsAt)).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z']);
  });

  it('gives one hour more on the fall-back night', () => {
    // Saturday 31 October 2026, 09:00 EDT; clocks go 02:00 → 01:00 on Sunday 1 November.
    const days = listSlots({ schedule: hours, settings: spring, closures: noClosures, prepMinutes: 0, now: '2026-10-31T13:00:00Z', taken: new Map() });
    expect(days[1]!.slots).toHaveLength(4);
    expect(days[1]!.slots[0]!.startsAt).toBe('2026-11-01T05:00:00.000Z');
  });
});

describe('dueForPreparationAt', () => {
  it('rings the prep time plus the ring lead before the slot, never before it was placed', () => {
    expect(dueForPreparationAt('2026-12-03T15:00:00Z', 20, 10, '2026-12-02T07:00:00Z')).toBe('2026-12-03T14:30:00Z');
    expect(dueForPreparationAt('2026-12-02T07:20:00Z', 20, 10, '2026-12-02T07:00:00Z')).toBe('2026-12-02T07:00:00Z');
  });
});
