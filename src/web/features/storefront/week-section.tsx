/**
 * The truck's coming seven days on its page: each day's shifts with where it parks ("open now", "in
 * 2 h"), closures and special days, in the truck's time zone and the page's language; a map pin on
 * demand (the map's code loads only when a pin is asked for) and the calendar feed to subscribe to.
 * The week comes with the page (the server worked it out, stops.service.ts); only the clock moves here.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { stopTiming, upcomingStops, type StopTiming } from '@domain/hours/stop-timing';
import type { StopDay, StopWeek } from '@domain/hours';
import { intlLocale } from '@domain/locale';
import type { PageFormat } from './format';
import { useWording, type Lang, type Translate } from './i18n';

const SpotMap = lazy(() => import('./spot-map'));

/** "Open now" turns into "over" and "in 2 h" counts down: the clock is read again this often. */
const CLOCK_MS = 60_000;

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function timingText(timing: StopTiming, t: Translate): string | null {
  if (timing.kind === 'open') return t('stops.week.openNow');
  if (timing.kind === 'past') return t('stops.week.past');
  if (timing.kind === 'soon') {
    return timing.minutes < 60 ? t('stops.week.soonMinutes', { count: timing.minutes }) : t('stops.week.soonHours', { count: Math.round(timing.minutes / 60) });
  }
  return null;
}

function dayTitle(day: StopDay, index: number, lang: Lang, t: Translate): string {
  if (index === 0) return t('stops.week.today');
  if (index === 1) return t('stops.week.tomorrow');
  // A local date, written as the calendar date it is (noon UTC never moves it to another day).
  return new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${day.date}T12:00:00Z`));
}

export function WeekSection({ week, slug, format }: { week: StopWeek; slug: string; format: PageFormat }) {
  const { lang, t } = useWording();
  const now = useMinuteClock();
  const [map, setMap] = useState<string | null>(null);
  const next = useMemo(() => upcomingStops(week, now, 1)[0], [week, now]);
  const nextTiming = next && timingText(stopTiming(next, now), t);
  const feed = `/api/v1/public/trucks/${encodeURIComponent(slug)}/stops.ics?lang=${lang}`;
  return (
    <section className="sf-section sf-week" id="week" aria-labelledby="sf-week-title" data-testid="week">
      <h2 id="sf-week-title">{t('stops.week.title')}</h2>
      {next?.spot && nextTiming && (
        <p className="sf-week__next" data-testid="week-next">
          {t('stops.week.nextAt', { when: nextTiming, address: next.spot.address })}
        </p>
      )}
      <ol className="sf-week__days">
        {week.days.map((day, index) => (
          <li key={day.date} className="sf-week__day" data-testid={`week-day-${day.date}`} data-kind={day.kind}>
            <h3 className="sf-week__date">
              {dayTitle(day, index, lang, t)}
              {day.kind === 'special' && <span className="sf-badge sf-badge--special">{t('stops.week.special')}</span>}
            </h3>
            {day.kind === 'closed' ? (
              <p className="sf-muted">{t('stops.week.closed')}</p>
            ) : day.stops.length === 0 ? (
              <p className="sf-muted">{t('stops.week.noStops')}</p>
            ) : (
              <ul className="sf-week__stops">
                {day.stops.map((stop) => {
                  const key = `${stop.opensAt}`;
                  const timing = stopTiming(stop, now);
                  const badge = timingText(timing, t);
                  return (
                    <li key={key} className={`sf-stop sf-stop--${timing.kind}`} data-testid="week-stop" data-timing={timing.kind}>
                      <div className="sf-stop__head">
                        <span className="sf-stop__time">{t('stops.week.range', { opens: format.time(stop.opensAt), closes: format.time(stop.closesAt) })}</span>
                        {badge && <span className={timing.kind === 'open' ? 'sf-badge sf-badge--open' : 'sf-badge'}>{badge}</span>}
                      </div>
                      <p className="sf-stop__place">{stop.spot?.address || t('stops.week.noSpot')}</p>
                      {!stop.deliveryEnabled && <p className="sf-muted">{t('stops.week.noDelivery')}</p>}
                      {stop.spot && timing.kind !== 'past' && (
                        <button type="button" className="sf-link-button" aria-expanded={map === key} onClick={() => setMap(map === key ? null : key)}>
                          {t(map === key ? 'stops.week.hideMap' : 'stops.week.showMap')}
                        </button>
                      )}
                      {map === key && stop.spot && (
                        <Suspense fallback={<div className="sf-map sf-map--loading" />}>
                          <SpotMap point={stop.spot} label={t('truck.mapLabel')} zoomLabels={{ zoomIn: t('truck.zoomIn'), zoomOut: t('truck.zoomOut') }} />
                        </Suspense>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <p className="sf-week__feed">
        <a className="sf-link-button" href={feed} data-testid="week-subscribe">
          {t('stops.week.subscribe')}
        </a>
        <span className="sf-muted">{t('stops.week.subscribeHint')}</span>
      </p>
    </section>
  );
}
