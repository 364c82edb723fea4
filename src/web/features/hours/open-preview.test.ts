import { WeeklyScheduleSchema } from '@domain/hours';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { formatWhen, previewAt } from './open-preview';
import { formatCountdown, nextWallTime } from './pause-time';

// 2026-11-16 is a Monday; Kuwait is UTC+3 all year.
const schedule = WeeklyScheduleSchema.parse({
  timeZone: 'Asia/Kuwait',
  days: { mon: [{ opens: '22:00', closes: '02:00' }], tue: [{ opens: '11:30', closes: '14:30' }] },
  exceptions: { '2026-11-18': { kind: 'closed' } },
});
const at = (iso: string) => Temporal.Instant.from(iso);

describe('the open/closed preview', () => {
  it('says open until the shift past midnight ends, with the weekday when that is another day', () => {
    expect(previewAt(schedule, at('2026-11-16T20:30:00Z'), 'en')).toEqual({ state: 'open', key: 'openUntil', when: 'Tue 02:00' });
    expect(previewAt(schedule, at('2026-11-16T21:30:00Z'), 'en')).toEqual({ state: 'open', key: 'openUntil', when: '02:00' });
  });

  it('says when a closed truck opens, on the truck’s clock, and marks a closed special day', () => {
    expect(previewAt(schedule, at('2026-11-16T23:30:00Z'), 'en')).toEqual({ state: 'closed', key: 'closedOpens', when: '11:30' });
    expect(previewAt(schedule, at('2026-11-18T09:00:00Z'), 'en')).toMatchObject({ state: 'closed', key: 'closedTodayOpens', when: 'Mon 22:00' });
    expect(previewAt(schedule, at('2026-11-16T10:00:00Z'), 'ar').when).toMatch(/^\D*[٠-٩]{2}:[٠-٩]{2}$/);
  });

  it('says paused, with when orders resume', () => {
    const paused = { ...schedule, pausedUntil: '2026-11-16T20:00:00Z' };
    expect(previewAt(paused, at('2026-11-16T19:30:00Z'), 'en')).toEqual({ state: 'paused', key: 'pausedResumes', when: '23:00' });
  });

  it('says there is nothing ahead when no shift is left', () => {
    const empty = WeeklyScheduleSchema.parse({ timeZone: 'Asia/Kuwait', days: {} });
    expect(previewAt(empty, at('2026-11-16T10:00:00Z'), 'en')).toEqual({ state: 'closed', key: 'closedNothingAhead' });
  });

  it('writes Arabic weekday names', () => {
    expect(formatWhen(at('2026-11-17T08:30:00Z'), at('2026-11-16T20:00:00Z'), 'Asia/Kuwait', 'ar')).toMatch(/الثلاثاء/);
  });
});

describe('pause times', () => {
  it('pauses until the next time the truck’s clock shows the chosen time', () => {
    const now = at('2026-11-16T10:00:00Z').epochMilliseconds; // 13:00 in Kuwait
    expect(nextWallTime('14:30', 'Asia/Kuwait', now).toString()).toBe('2026-11-16T11:30:00Z');
    expect(nextWallTime('12:00', 'Asia/Kuwait', now).toString()).toBe('2026-11-17T09:00:00Z');
  });

  it('counts down in minutes and seconds, hours when there are some, in the language’s digits', () => {
    expect(formatCountdown(14 * 60_000 + 5_000, 'en')).toBe('14:05');
    expect(formatCountdown(3_600_000 + 61_000, 'en')).toBe('1:01:01');
    expect(formatCountdown(-5, 'en')).toBe('0:00');
    expect(formatCountdown(65_000, 'ar')).toBe('١:٠٥');
  });
});
