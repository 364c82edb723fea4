import { describe, expect, it } from 'vitest';
import { eventDateProblem } from '@domain/bookings';
import { bookableDays, bookableMonths, lastBookableDay, quarterHours } from './event-calendar';

describe('the event calendar the truck page offers', () => {
  it('offers exactly the days the server takes: from today to a year on', () => {
    for (const today of ['2026-11-26', '2028-02-29', '2026-01-01', '2026-12-31']) {
      const offered = bookableMonths(today, 'en').flatMap((month) => bookableDays(month.value, today, 'en').map((day) => day.value));
      expect(offered[0]).toBe(today);
      expect(offered.at(-1)).toBe(lastBookableDay(today));
      for (const day of offered) expect(eventDateProblem(day, today)).toBeNull();
      // The day before the first and after the last are refused, so nothing the server takes is left out.
      const after = new Date(`${offered.at(-1)!}T00:00:00Z`);
      after.setUTCDate(after.getUTCDate() + 1);
      expect(eventDateProblem(after.toISOString().slice(0, 10), today)).toBe('event_date_too_far');
      expect(new Set(offered).size).toBe(offered.length);
    }
  });

  it('keeps a leap day a year on to the 28th', () => {
    expect(lastBookableDay('2028-02-29')).toBe('2029-02-28');
    expect(lastBookableDay('2026-11-26')).toBe('2027-11-26');
  });

  it('writes months, days and times in the page language, Arabic in Arabic-Indic digits, times on the 12-hour clock', () => {
    expect(bookableMonths('2026-11-26', 'en')[1]).toEqual({ value: '2026-12', label: 'December 2026' });
    expect(bookableMonths('2026-11-26', 'ar')[1]).toEqual({ value: '2026-12', label: 'ديسمبر ٢٠٢٦' });
    expect(bookableDays('2026-11', '2026-11-26', 'en')[0]).toEqual({ value: '2026-11-26', label: 'Thursday, November 26' });
    expect(bookableDays('2026-11', '2026-11-26', 'ar')[0]).toEqual({ value: '2026-11-26', label: 'الخميس، ٢٦ نوفمبر' });
    const en = quarterHours('en');
    const ar = quarterHours('ar');
    expect(en).toHaveLength(96);
    expect(en.find((time) => time.value === '13:45')?.label).toBe('1:45 PM');
    expect(ar.find((time) => time.value === '07:30')?.label).toBe('٧:٣٠ ص');
    expect(ar.find((time) => time.value === '19:30')?.label).toBe('٧:٣٠ م');
    expect(en[0]).toEqual({ value: '00:00', label: '12:00 AM' });
  });
});
