/**
 * The week of stops as others read it: schema.org Events (one per stop, each with its Place) for the
 * truck page's structured data, the public iCalendar feed (written by ical-generator, as the booking
 * feed is), and the embeddable widget: a small page with no script at all, to sit in an <iframe> on
 * the truck's own site or link page.
 */
import type { Lang } from '@domain/errors';
import { upcomingStops, type Stop, type StopWeek } from '@domain/hours';
import { CUSTOMER_CLOCK, detailSeparator, intlLocale } from '@domain/locale';
import { nameIn } from '@domain/names';
import ical, { ICalEventStatus } from 'ical-generator';
import { serverText } from '../../platform/i18n';

type Named = { nameEn: string; nameAr: string };

const text = (lang: Lang, key: string, values?: Record<string, unknown>) => serverText(lang, `stops:${key}`, values);
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** How many stops the widget lists. */
export const WIDGET_STOPS = 5;

function stopName(truck: Named, stop: Stop, lang: Lang, kind: 'event' | 'feed'): string {
  const name = nameIn(truck, lang);
  if (!stop.spot?.address) return text(lang, kind === 'event' ? 'event.nameNoSpot' : 'feed.summaryNoSpot', { truck: name });
  return text(lang, kind === 'event' ? 'event.name' : 'feed.summary', { truck: name, address: stop.spot.address });
}

/** schema.org Events, one per stop to come, each at its Place; `organizer` is the truck's page. */
export function stopEvents(truck: Named, week: StopWeek, lang: Lang, url: string, now: Date): Record<string, unknown>[] {
  return upcomingStops(week, now).map((stop) => ({
    '@type': 'Event',
    name: stopName(truck, stop, lang, 'event'),
    startDate: stop.opensAt,
    endDate: stop.closesAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url,
    organizer: { '@type': 'FoodEstablishment', name: nameIn(truck, lang), url },
    ...(stop.spot
      ? {
          location: {
            '@type': 'Place',
            name: stop.spot.address,
            address: { '@type': 'PostalAddress', streetAddress: stop.spot.address },
            geo: { '@type': 'GeoCoordinates', latitude: stop.spot.lat, longitude: stop.spot.lng },
          },
        }
      : {}),
  }));
}

/** The public feed: every stop of the coming week, for a calendar app to subscribe to. */
export function stopsCalendar(truck: Named & { id: string }, week: StopWeek, lang: Lang, url: string, now: Date): string {
  const calendar = ical({ name: text(lang, 'feed.name', { truck: nameIn(truck, lang) }), prodId: { company: 'TruckDesk', product: 'stops' }, ttl: 60 * 60, timezone: week.timeZone });
  for (const stop of upcomingStops(week, now)) {
    calendar.createEvent({
      id: `${truck.id}-${stop.opensAt}@truckdesk-stops`,
      start: new Date(stop.opensAt),
      end: new Date(stop.closesAt),
      stamp: now,
      summary: stopName(truck, stop, lang, 'feed'),
      ...(stop.spot ? { location: { title: stop.spot.address, address: stop.spot.address, geo: { lat: stop.spot.lat, lon: stop.spot.lng } } } : {}),
      description: text(lang, 'feed.description', { url }),
      url,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** The widget: the next stops, in the page's language and the truck's time zone; links open the truck page. */
export function renderWidget(truck: Named, week: StopWeek, lang: Lang, url: string, now: Date): string {
  const when = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: week.timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', ...CUSTOMER_CLOCK });
  const until = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: week.timeZone, hour: 'numeric', minute: '2-digit', ...CUSTOMER_CLOCK });
  const stops = upcomingStops(week, now, WIDGET_STOPS);
  const items = stops.map((stop) => {
    const open = Date.parse(stop.opensAt) <= now.getTime();
    const time = `${open ? text(lang, 'week.openNow') : when.format(new Date(stop.opensAt))} – ${until.format(new Date(stop.closesAt))}`;
    const place = stop.spot?.address ?? text(lang, 'week.noSpot');
    return `<li${open ? ' class="open"' : ''}><b>${escapeHtml(time)}</b><span>${escapeHtml(place)}</span></li>`;
  });
  const name = nameIn(truck, lang);
  const title = `${name}${detailSeparator(lang)}${text(lang, 'widget.title')}`;
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" /><title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;margin:0;padding:12px;color:#1b1b1b;background:#fff;font-size:15px;line-height:1.4}
h1{font-size:16px;margin:0 0 8px;color:#2e7d32}ul{list-style:none;margin:0;padding:0}li{padding:6px 0;border-block-end:1px solid #e5e5e5;display:flex;flex-direction:column;overflow-wrap:anywhere}
li.open b{color:#2e7d32}li span{color:#555}p{margin:8px 0 0}a{color:#2e7d32;font-weight:600}
</style></head><body><h1>${escapeHtml(title)}</h1>${items.length > 0 ? `<ul data-testid="widget-stops">${items.join('')}</ul>` : `<p>${escapeHtml(text(lang, 'widget.none'))}</p>`}<p><a href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(text(lang, 'widget.more'))}</a></p></body></html>`;
}

/** The snippet the owner pastes: an iframe of the widget. */
export function widgetSnippet(widgetUrl: string, title: string): string {
  return `<iframe src="${escapeHtml(widgetUrl)}" title="${escapeHtml(title)}" width="320" height="360" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}
