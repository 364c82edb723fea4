/** Times of the pause: "until 14:30" on the truck's clock, and the countdown to it. */
import { numberFormat } from '@domain/locale';
import { Temporal } from 'temporal-polyfill';
import type { UiLang } from '../../app/lang-dir.slice';

/** The next moment the truck's clock shows `wallTime` ('HH:MM'): today, or tomorrow when that has passed. */
export function nextWallTime(wallTime: string, timeZone: string, now: number): Temporal.Instant {
  const zonedNow = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone);
  const today = zonedNow.toPlainDate().toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(wallTime) });
  return Temporal.ZonedDateTime.compare(today, zonedNow) > 0 ? today.toInstant() : today.add({ days: 1 }).toInstant();
}

/** 'm:ss', or 'h:mm:ss' from an hour, in the language's digits. */
export function formatCountdown(milliseconds: number, lang: UiLang): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const two = numberFormat(lang, { minimumIntegerDigits: 2, useGrouping: false });
  const one = numberFormat(lang, { useGrouping: false });
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return hours > 0 ? `${one.format(hours)}:${two.format(minutes)}:${two.format(seconds)}` : `${one.format(minutes)}:${two.format(seconds)}`;
}
