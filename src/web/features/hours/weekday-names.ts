/** Weekday names in the interface language, from Intl (no catalogue to keep in step). */
import { WEEKDAYS, type Weekday } from '@domain/hours/weekdays';
import { dateTimeFormat } from '@domain/locale';
import type { UiLang } from '../../app/lang-dir.slice';

// 1 January 2024 was a Monday.
const dateOf = (day: Weekday) => Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day));

export function weekdayName(day: Weekday, lang: UiLang, width: 'long' | 'short' = 'long'): string {
  return dateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(dateOf(day));
}
