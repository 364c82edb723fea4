import type { Temporal } from 'temporal-polyfill';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Temporal numbers ISO weekdays 1 (Monday) to 7 (Sunday). */
export function weekdayOf(date: Temporal.PlainDate): Weekday {
  return WEEKDAYS[date.dayOfWeek - 1]!;
}
