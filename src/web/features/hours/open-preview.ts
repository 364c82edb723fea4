/**
 * The preview line ("Open now until 23:00", "Closed — opens Sat 12:00") from the shared rule, with
 * times on the truck's clock in the interface language: a vendor abroad still reads the truck's hours.
 */
import type { Schedule } from '@domain/hours';
import { openStatus, type OpenStatus } from '@domain/hours/open-status';
import { intlLocale } from '@domain/locale';
import { Temporal } from 'temporal-polyfill';
import type { UiLang } from '../../app/lang-dir.slice';

export type PreviewKey = 'openUntil' | 'pausedResumes' | 'closedOpens' | 'closedTodayOpens' | 'closedNothingAhead';

export interface Preview {
  state: 'open' | 'paused' | 'closed';
  /** In the `hours` catalogue, under `preview.`. */
  key: PreviewKey;
  when?: string;
}

/** Today's times alone ('23:00'); later ones with their weekday ('Sat 12:00'). */
export function formatWhen(instant: Temporal.Instant, now: Temporal.Instant, timeZone: string, lang: UiLang): string {
  const sameDay = Temporal.PlainDate.compare(instant.toZonedDateTimeISO(timeZone).toPlainDate(), now.toZonedDateTimeISO(timeZone).toPlainDate()) === 0;
  const format = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(sameDay ? {} : { weekday: 'short' }) });
  return format.format(instant.epochMilliseconds);
}

export function previewOf(status: OpenStatus, now: Temporal.Instant, timeZone: string, lang: UiLang): Preview {
  const when = (instant: Temporal.Instant) => formatWhen(instant, now, timeZone, lang);
  if (status.open) return { state: 'open', key: 'openUntil', when: when(status.until) };
  if (!status.opensAt) return { state: status.reason === 'paused' ? 'paused' : 'closed', key: 'closedNothingAhead' };
  if (status.reason === 'paused') return { state: 'paused', key: 'pausedResumes', when: when(status.opensAt) };
  return { state: 'closed', key: status.reason === 'exception_closed' ? 'closedTodayOpens' : 'closedOpens', when: when(status.opensAt) };
}

export function previewAt(schedule: Schedule, now: Temporal.Instant, lang: UiLang): Preview {
  return previewOf(openStatus(schedule, now), now, schedule.timeZone, lang);
}
