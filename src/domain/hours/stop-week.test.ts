import { describe, expect, it } from 'vitest';
import { WeeklyScheduleSchema, stopTiming, stopWeek, upcomingStops, type ScheduleInput } from './index';

const KUWAIT = 'Asia/Kuwait'; // UTC+3 all year
const MARINA = { address: 'Marina Crescent', lat: 29.34, lng: 48.09 };
const BASE = { address: 'Base, Shuwaikh', lat: 29.35, lng: 47.93 };
const schedule = (input: ScheduleInput) => WeeklyScheduleSchema.parse(input);

describe('stopWeek', () => {
  // Wednesday 2 December 2026, 10:00 in Kuwait.
  const at = new Date('2026-12-02T07:00:00Z');
  const hours = schedule({
    timeZone: KUWAIT,
    days: { wed: [{ opens: '11:00', closes: '15:00', spot: MARINA }, { opens: '18:00', closes: '01:00' }], tue: [{ opens: '20:00', closes: '11:00' }], thu: [{ opens: '11:00', closes: '15:00' }] },
    exceptions: { '2026-12-03': { kind: 'closed' }, '2026-12-05': { kind: 'shifts', shifts: [{ opens: '16:00', closes: '22:00', deliveryEnabled: false }] } },
  });

  it('gives seven local dates from today, with the day kinds and each shift’s spot or the base', () => {
    const week = stopWeek(hours, BASE, at);
    expect(week.days.map((day) => [day.date, day.kind])).toEqual([
      ['2026-12-02', 'regular'],
      ['2026-12-03', 'closed'],
      ['2026-12-04', 'regular'],
      ['2026-12-05', 'special'],
      ['2026-12-06', 'regular'],
      ['2026-12-07', 'regular'],
      ['2026-12-08', 'regular'],
    ]);
    const [today] = week.days;
    // Tuesday's overnight shift is still running at 10:00 and is listed first.
    expect(today!.stops.map((stop) => [stop.opensAt, stop.closesAt, stop.spot?.address])).toEqual([
      ['2026-12-01T17:00:00.000Z', '2026-12-02T08:00:00.000Z', BASE.address],
      ['2026-12-02T08:00:00.000Z', '2026-12-02T12:00:00.000Z', MARINA.address],
      ['2026-12-02T15:00:00.000Z', '2026-12-02T22:00:00.000Z', BASE.address],
    ]);
    expect(week.days[1]!.stops).toEqual([]);
    expect(week.days[3]!.stops).toEqual([{ opensAt: '2026-12-05T13:00:00.000Z', closesAt: '2026-12-05T19:00:00.000Z', spot: BASE, deliveryEnabled: false }]);
    // Next Tuesday's shift, the last day of the week.
    expect(week.days[6]!.stops).toHaveLength(1);
  });

  it('names no spot when neither the shift nor the truck says', () => {
    expect(stopWeek(hours, null, at).days[0]!.stops[0]!.spot).toBeNull();
  });

  it('lists what is still to come, and times each stop against now', () => {
    const week = stopWeek(hours, BASE, at);
    const next = upcomingStops(week, at, 3);
    expect(next.map((stop) => stop.opensAt)).toEqual(['2026-12-01T17:00:00.000Z', '2026-12-02T08:00:00.000Z', '2026-12-02T15:00:00.000Z']);
    expect(stopTiming(next[0]!, at)).toEqual({ kind: 'open' });
    expect(stopTiming(next[1]!, at)).toEqual({ kind: 'soon', minutes: 60 });
    expect(stopTiming(next[1]!, new Date('2026-12-02T13:00:00Z'))).toEqual({ kind: 'past' });
    expect(stopTiming(week.days[6]!.stops[0]!, at)).toEqual({ kind: 'later' });
  });
});
