/**
 * The truck's week of stops through the real app: the public week answer (day kinds, each shift's
 * spot or the base), the same week in the truck page's data and as schema.org Events in its JSON-LD,
 * the public iCalendar feed, and the widget page (no script, framable anywhere) in both languages.
 */
import type { StopWeek } from '@domain/hours';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../testing/accounts';
import { KUWAIT, orderingTruck, type OrderingTruck } from '../../../testing/orders';
import { shiftAroundNow, weekdayIn } from '../../../testing/schedules';
import { createTestApp } from '../../../testing/test-app';
import { call } from '../../../testing/trucks';

let app: FastifyInstance;
let truck: OrderingTruck;
const MARINA = { address: 'Marina Crescent, Salmiya', lat: 29.34, lng: 48.09 };
const today = Temporal.Now.plainDateISO(KUWAIT);
const date = (days: number) => today.add({ days }).toString();

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { publicUrl: 'https://truckdesk.example' } }));
  const admin = await signUp(app, { roles: ['Admin'] });
  truck = await orderingTruck(app, admin);
  const around = shiftAroundNow(KUWAIT, 60, 6 * 60, { spot: MARINA });
  const hours = await call(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/hours`);
  const saved = await call(app, truck.owner, 'PUT', `/trucks/${truck.truck.id}/hours`, {
    timeZone: KUWAIT,
    days: { [around.day]: [around.shift], [weekdayIn(KUWAIT, 2)]: [{ opens: '11:00', closes: '14:00' }] },
    exceptions: { [date(1)]: { kind: 'closed' }, [date(3)]: { kind: 'shifts', shifts: [{ opens: '16:00', closes: '22:00', deliveryEnabled: false }] } },
    version: (hours.json() as { version: number }).version,
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe('the week of stops', () => {
  it('answers the coming seven days with their kinds, each shift at its spot or the base', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/public/trucks/${truck.slug}/week` });
    expect(res.statusCode).toBe(200);
    const week = res.json() as StopWeek;
    expect(week.timeZone).toBe(KUWAIT);
    expect(week.days.map((day) => day.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map(date));
    expect(week.days.map((day) => day.kind)).toEqual(['regular', 'closed', 'regular', 'special', 'regular', 'regular', 'regular']);
    expect(week.days[0]!.stops[0]!.spot).toEqual(MARINA);
    expect(Date.parse(week.days[0]!.stops[0]!.opensAt)).toBeLessThan(Date.now());
    expect(week.days[1]!.stops).toEqual([]);
    // A shift without its own spot stands at the truck's base.
    expect(week.days[2]!.stops[0]!.spot?.address).toBe('Gulf Road, Sharq');
    expect(week.days[3]!.stops[0]).toMatchObject({ deliveryEnabled: false });
  });

  it('answers 404 for a slug nobody has', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/public/trucks/no-such-truck/week' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'truck_not_found' } });
  });

  it('puts the week into the page and each stop as an Event at its Place into the JSON-LD', async () => {
    const html = (await app.inject({ method: 'GET', url: `/t/${truck.slug}`, headers: { 'accept-language': 'en' } })).body;
    const data = JSON.parse(/<script type="application\/json" id="storefront-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { week: StopWeek };
    expect(data.week.days).toHaveLength(7);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as { event: Record<string, unknown>[] };
    expect(jsonLd.event[0]).toMatchObject({
      '@type': 'Event',
      name: `${truck.truck.basics.nameEn} at ${MARINA.address}`,
      startDate: data.week.days[0]!.stops[0]!.opensAt,
      location: { '@type': 'Place', address: { streetAddress: MARINA.address }, geo: { latitude: MARINA.lat, longitude: MARINA.lng } },
    });
    expect(jsonLd.event).toHaveLength(3);
  });

  it('serves the stops as a public iCalendar feed, in the asked language', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/public/trucks/${truck.slug}/stops.ics?lang=en` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const unfolded = res.body.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('BEGIN:VCALENDAR');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(unfolded).toContain(`SUMMARY:${truck.truck.basics.nameEn} at ${MARINA.address.replace(',', '\\,')}`);
    expect(unfolded).toContain(`GEO:${MARINA.lat};${MARINA.lng}`);
    expect(unfolded).toContain(`URL;VALUE=URI:https://truckdesk.example/t/${truck.slug}`);
    const ar = await app.inject({ method: 'GET', url: `/api/v1/public/trucks/${truck.slug}/stops.ics?lang=ar` });
    expect(ar.body.replace(/\r\n[ \t]/g, '')).toContain('X-WR-CALNAME:مواقع');
    const bad = await app.inject({ method: 'GET', url: `/api/v1/public/trucks/${truck.slug}/stops.ics?lang=fr` });
    expect(bad.statusCode).toBe(400);
  });

  it('serves a widget page with the next stops, no script, framable by any site', async () => {
    const res = await app.inject({ method: 'GET', url: `/t/${truck.slug}/widget?lang=ar` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('مفتوح الآن');
    expect(res.body.match(/<li/g)).toHaveLength(3);
    expect(res.body).toContain(`href="https://truckdesk.example/t/${truck.slug}"`);
    const missing = await app.inject({ method: 'GET', url: '/t/no-such-truck/widget' });
    expect(missing.statusCode).toBe(404);
    // The truck page itself still refuses to be framed.
    const page = await app.inject({ method: 'GET', url: `/t/${truck.slug}` });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
