/**
 * The truck's week on a 360 px phone, in English and in Arabic: the coming seven days with today's
 * shift "open now" at its spot, a closed day and a special day; the map loads only when a pin is
 * asked for; the calendar feed is linked; the widget page lists the next stops; the owner sees the
 * same week on /operating-hours with the feed and the widget's snippet. Nothing scrolls sideways.
 */
import type { Browser, Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../src/domain/i18n/fill';
import ar from '../../src/domain/i18n/ar/stops.json';
import en from '../../src/domain/i18n/en/stops.json';
import { launchBrowser, openPage } from './support/browser';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { gotoScreen } from './support/shell';

const DEMO_TRUCK = { id: '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f', slug: 'saj-station' };
const KUWAIT = 'Asia/Kuwait';
const MARINA = { address: 'Marina Crescent, Salmiya', lat: 29.3427, lng: 48.0905 };
const PHONE = { width: 360, height: 780 };

let server: RunningServer;
let browser: Browser;
let session: DemoSession;
const today = Temporal.Now.plainDateISO(KUWAIT);
const date = (days: number) => today.add({ days }).toString();

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${session.token}` },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
  // Today open all day at the marina; tomorrow closed; the day after, special hours at the base.
  const hours = await api<{ version: number }>(`/trucks/${DEMO_TRUCK.id}/hours`);
  const days = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [{ opens: '11:00', closes: '15:00', spot: MARINA }]]));
  const saved = await api(`/trucks/${DEMO_TRUCK.id}/hours`, {
    method: 'PUT',
    body: {
      timeZone: KUWAIT,
      days,
      exceptions: {
        [date(0)]: { kind: 'shifts', shifts: [{ opens: '00:00', closes: '00:00', spot: MARINA }] },
        [date(1)]: { kind: 'closed' },
        [date(2)]: { kind: 'shifts', shifts: [{ opens: '16:00', closes: '22:00', deliveryEnabled: false, spot: MARINA }] },
      },
      version: hours.body.version,
    },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sideScroll = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

describe.each([
  { lang: 'en', t: en },
  { lang: 'ar', t: ar },
] as const)('the week of stops ($lang)', ({ lang, t }) => {
  it('shows the coming seven days on the truck page, the map only on demand, and the feed to subscribe to', async () => {
    const { page, problems } = await openPage(browser, server.url, { viewport: PHONE });
    await page.context().setExtraHTTPHeaders({ 'accept-language': lang });
    const maps: string[] = [];
    page.on('request', (request) => {
      if (/tile|leaflet/i.test(request.url())) maps.push(request.url());
    });
    await page.goto(`/t/${DEMO_TRUCK.slug}`);
    const week = page.getByTestId('week');
    await week.waitFor();
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await expect.poll(() => week.locator('[data-testid^=week-day-]').count()).toBe(7);
    await expect.poll(() => page.getByTestId(`week-day-${date(1)}`).getAttribute('data-kind')).toBe('closed');
    await expect.poll(() => page.getByTestId(`week-day-${date(1)}`).textContent()).toContain(t.week.closed);
    await expect.poll(() => page.getByTestId(`week-day-${date(2)}`).textContent()).toContain(t.week.special);
    await expect.poll(() => page.getByTestId(`week-day-${date(2)}`).textContent()).toContain(t.week.noDelivery);
    const todayDay = page.getByTestId(`week-day-${date(0)}`);
    await expect.poll(() => todayDay.textContent()).toContain(fill(lang, t.week.today));
    await expect.poll(() => todayDay.locator('[data-timing=open]').textContent()).toContain(t.week.openNow);
    await expect.poll(() => page.getByTestId('week-next').textContent()).toBe(fill(lang, t.week.nextAt, { when: t.week.openNow, address: MARINA.address }));
    await expect.poll(() => sideScroll(page)).toBeLessThanOrEqual(0);

    // No map on first paint: it comes when a pin is asked for.
    await expect.poll(() => page.locator('.leaflet-container').count()).toBe(0);
    expect(maps).toEqual([]);
    await todayDay.getByRole('button', { name: t.week.showMap }).click();
    await page.getByTestId('spot-map').waitFor();
    await expect.poll(() => page.locator('.leaflet-container').count()).toBe(1);
    await expect.poll(() => sideScroll(page)).toBeLessThanOrEqual(0);

    const feed = await page.getByTestId('week-subscribe').getAttribute('href');
    expect(feed).toBe(`/api/v1/public/trucks/${DEMO_TRUCK.slug}/stops.ics?lang=${lang}`);
    const calendar = await (await fetch(`${server.url}${feed}`)).text();
    expect(calendar).toContain('BEGIN:VEVENT');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the next stops in the widget page, and the same week to the owner on /operating-hours', async () => {
    const { page, problems } = await openPage(browser, server.url, { viewport: PHONE });
    await page.goto(`/t/${DEMO_TRUCK.slug}/widget?lang=${lang}`);
    await page.getByTestId('widget-stops').waitFor();
    await expect.poll(() => page.getByTestId('widget-stops').textContent()).toContain(t.week.openNow);
    await expect.poll(() => page.getByTestId('widget-stops').locator('li').count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => sideScroll(page)).toBeLessThanOrEqual(0);

    await seedSession(page, session, lang, DEMO_TRUCK.id);
    await gotoScreen(page, '/operating-hours');
    await page.getByTestId('show-public-week').click();
    const card = page.getByTestId('owner-week-card');
    await card.waitFor();
    await expect.poll(() => card.locator('[data-testid^=owner-week-]').count()).toBe(7);
    await expect.poll(() => page.getByTestId(`owner-week-${date(1)}`).textContent()).toContain(t.week.closed);
    await expect.poll(() => page.getByTestId(`owner-week-${date(0)}`).textContent()).toContain(MARINA.address);
    await expect.poll(() => page.getByTestId('owner-feed-url').inputValue()).toContain(`/api/v1/public/trucks/${DEMO_TRUCK.slug}/stops.ics`);
    await expect.poll(() => page.getByTestId('owner-widget-snippet').inputValue()).toMatch(new RegExp(`^<iframe src="[^"]+/t/${DEMO_TRUCK.slug}/widget\\?lang=${lang}"`));
    await expect.poll(() => sideScroll(page)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
