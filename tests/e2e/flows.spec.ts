/**
 * The customer's flows that dead-ended or misled (issue #49), on the demo truck at 360 px, in English
 * and in Arabic: a phone typed in Arabic-Indic digits places the order, a mistyped one is refused
 * naming the phone field (not as the truck refusing the order); a "choose up to 3" group takes no
 * fourth extra and says so, keeping the price of what is chosen; delivery shows no fee of 0.000
 * before the point is checked, and neither the point's coordinates nor the zone's internal name;
 * the order page names the pickup spot and the payment; a booking takes «٤٠» guests; a pause
 * ending today reads "at 14:30", not the weekday.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../src/domain/i18n/fill';
import { CUSTOMER_CLOCK, intlLocale } from '../../src/domain/locale';
import { formatMoney } from '../../src/domain/money/minor';
import ar from '../../src/domain/i18n/ar/storefront.json';
import en from '../../src/domain/i18n/en/storefront.json';
import { launchBrowser, openPage } from './support/browser';
import { signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';

const DEMO_TRUCK = { id: '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f', slug: 'saj-station' };
const SPOT = { address: 'Sharq, Block 2', lat: 29.3765, lng: 47.9801 };
const ALL_DAY = { opens: '00:00', closes: '00:00', deliveryEnabled: true, spot: SPOT };
/** Where the page broke: the narrowest phone. */
const NARROW = { width: 360, height: 740 };
const IN_ZONE = { latitude: 29.3765, longitude: 47.9801 };
const WRAP = { en: 'Chicken shawarma wrap', ar: 'سندويش شاورما دجاج' };
const ZONE_NAMES = ['Kuwait City', 'Around the truck', 'Salmiya & Hawalli'];

let server: RunningServer;
let browser: Browser;
let session: DemoSession;

async function api(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${session.token}` },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: res.status === 204 ? {} : ((await res.json()) as Record<string, unknown>) };
}

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
  // Open around the clock at one spot, so the journeys do not depend on the hour they run at.
  const hours = await api(`/trucks/${DEMO_TRUCK.id}/hours`);
  const days = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [ALL_DAY]]));
  const saved = await api(`/trucks/${DEMO_TRUCK.id}/hours`, { method: 'PUT', body: { timeZone: 'Asia/Kuwait', days, exceptions: {}, version: hours.body.version } });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openCustomer(lang: 'en' | 'ar') {
  const watched = await openPage(browser, server.url, { viewport: NARROW, bypassCSP: true, permissions: ['geolocation'] });
  await watched.context.setExtraHTTPHeaders({ 'accept-language': lang === 'ar' ? 'ar-KW,ar;q=0.9' : 'en-US,en;q=0.9' });
  await watched.page.goto(`/t/${DEMO_TRUCK.slug}`);
  await watched.page.getByTestId('truck-status').waitFor();
  return watched;
}

const pattern = (text: string) => new RegExp(text.split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+'));
const noSideScroll = (page: Page) =>
  page.evaluate((width) => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth <= width, NARROW.width);
const kuwaitDate = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date(Date.now() + days * 86_400_000));

describe.each([
  { lang: 'en', t: en, days: 60 },
  { lang: 'ar', t: ar, days: 61 },
] as const)('the customer’s flows ($lang, 360 px)', ({ lang, t, days }) => {
  /** Adds the wrap on saj with three extras (garlic 0.050, cheese 0.200, fries inside 0.150): 1.650. */
  async function addWrapWithThreeExtras(page: Page) {
    await page.getByTestId('menu-item').filter({ hasText: WRAP[lang] }).first().getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    const extras = dialog.locator('fieldset').filter({ hasText: lang === 'ar' ? 'إضافات' : 'Extras' }).locator('input[type=checkbox]');
    await extras.first().waitFor();
    for (const index of [0, 1, 2]) await extras.nth(index).check();
    await dialog.getByTestId('group-full').filter({ hasText: t.item.groupFull }).waitFor();
    // The fourth cannot be ticked, and the price stays the price of what is chosen.
    await expect.poll(() => extras.nth(3).isDisabled()).toBe(true);
    await extras.nth(3).click({ force: true });
    await expect.poll(() => extras.nth(3).isChecked()).toBe(false);
    await expect.poll(() => dialog.locator('button[type=submit]').textContent()).toContain(formatMoney(1_650, 'KWD', lang));
    expect(await noSideScroll(page)).toBe(true);
    await dialog.locator('button[type=submit]').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('open-cart').click();
    await page.getByTestId('cart-line').first().waitFor();
  }

  it('takes no fourth extra, refuses a mistyped phone naming it, places the order with an Arabic-Indic phone, and shows the pickup spot and the payment', async () => {
    const { page, context, problems } = await openCustomer(lang);
    await addWrapWithThreeExtras(page);

    await page.getByLabel(t.checkout.name).fill(`Flows ${lang} ${Date.now()}`);
    await page.getByLabel(t.checkout.phone).fill('12ab');
    await page.getByTestId('place-order').click();
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: t.checkout.checkDetails }).waitFor();
    await expect.poll(() => alert.textContent()).toContain(fill(lang, t.errors.inField, { field: t.checkout.phone, problem: t.errors.invalid_phone }));
    await expect.poll(() => alert.textContent()).not.toContain(t.checkout.refused);
    expect(await noSideScroll(page)).toBe(true);

    await page.getByLabel(t.checkout.phone).fill('+٩٦٥ ٥٥٥١ ٢٣٤٥');
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/t\/saj-station\/orders\/[0-9a-f]{32}$/);
    const facts = page.getByTestId('order-facts');
    await facts.waitFor();
    await expect.poll(() => facts.textContent()).toContain(t.order.pickupAt);
    await expect.poll(() => facts.textContent()).toContain(SPOT.address);
    await expect.poll(() => facts.textContent()).toContain(t.order.payment.cash);
    expect(await noSideScroll(page)).toBe(true);
    // The mistyped phone's refusal is the one failed request.
    expect(problems.filter((problem) => !/\b400\b/.test(problem))).toEqual([]);
    await context.close();
  });

  it('shows no delivery fee before the point is checked, and neither the coordinates nor the zone’s name after', async () => {
    const { page, context, problems } = await openCustomer(lang);
    await addWrapWithThreeExtras(page);
    // Three wraps: above every zone's minimum order.
    const more = page.getByTestId('cart-line').first().getByRole('button', { name: t.item.more });
    await more.click();
    await more.click();
    await page.getByTestId('cart-line').first().locator('output').filter({ hasText: new Intl.NumberFormat(intlLocale(lang)).format(3) }).waitFor();
    await page.getByLabel(t.checkout.delivery).check();
    await expect.poll(() => page.getByTestId('delivery-fee').textContent()).toBe(t.cart.feeAfterPoint);
    await expect.poll(() => page.getByTestId('delivery-fee').textContent()).not.toContain(formatMoney(0, 'KWD', lang));

    await context.setGeolocation(IN_ZONE);
    await page.getByRole('button', { name: t.checkout.useLocation }).click();
    const check = page.getByTestId('delivery-check');
    await check.filter({ hasText: new RegExp(Object.entries(t.checkout).filter(([key]) => key.startsWith('deliversHere_')).map(([, text]) => pattern(text).source).join('|')) }).waitFor();
    const sheet = (await page.getByRole('dialog').textContent()) ?? '';
    for (const name of ZONE_NAMES) expect(sheet).not.toContain(name);
    const latitude = new Intl.NumberFormat(intlLocale(lang)).format(IN_ZONE.latitude);
    expect(sheet).not.toContain(latitude);
    await page.getByText(t.checkout.pointChosen).waitFor();
    await expect.poll(() => page.getByTestId('delivery-fee').textContent()).not.toBe(t.cart.feeAfterPoint);
    expect(await noSideScroll(page)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('takes a booking of «٤٠» guests with a phone in Arabic-Indic digits', async () => {
    const { page, context, problems } = await openCustomer(lang);
    await page.getByRole('button', { name: t.booking.open }).click();
    await page.getByLabel(t.booking.name, { exact: true }).fill(`Guests ${lang} ${Date.now()}`);
    await page.getByLabel(t.booking.phone, { exact: true }).fill('+٩٦٥ ٥٥٥١-٢٣٤٥');
    await page.getByLabel(t.booking.email, { exact: true }).fill(`guests-${lang}-${Date.now()}@example.com`);
    await page.getByLabel(t.booking.eventType, { exact: true }).fill(lang === 'ar' ? 'غداء العائلة' : 'Family lunch');
    const date = kuwaitDate(days);
    await page.getByLabel(t.booking.month, { exact: true }).selectOption(date.slice(0, 7));
    await page.getByLabel(t.booking.day, { exact: true }).selectOption(date);
    await page.getByLabel(t.booking.start, { exact: true }).selectOption('07:30');
    await page.getByLabel(t.booking.end, { exact: true }).selectOption('09:30');
    await page.getByLabel(t.booking.address, { exact: true }).fill('Block 3, Sharq');
    const guests = page.getByLabel(t.booking.guests, { exact: true });
    await guests.fill('٤٠ ضيفًا');
    await page.getByRole('button', { name: t.booking.send }).click();
    await page.getByRole('alert').filter({ hasText: fill(lang, t.errors.inField, { field: t.booking.guests, problem: t.errors.invalid_count }) }).waitFor();
    await guests.fill('٤٠');
    await page.getByRole('button', { name: t.booking.send }).click();
    await page.getByRole('status').filter({ hasText: t.booking.sent }).waitFor();
    expect(await noSideScroll(page)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says a pause ending today ends "at" its time, without the weekday', async () => {
    // Twenty minutes on, or just before midnight: a time still today in Kuwait.
    const until = new Date(Math.min(Date.now() + 20 * 60_000, Date.parse(`${kuwaitDate(0)}T23:58:00+03:00`)));
    expect((await api(`/trucks/${DEMO_TRUCK.id}/hours/pause`, { method: 'PUT', body: { kind: 'until', until: until.toISOString() } })).status).toBe(200);
    try {
      const { page, context, problems } = await openCustomer(lang);
      const time = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'Asia/Kuwait', hour: 'numeric', minute: '2-digit', ...CUSTOMER_CLOCK }).format(until);
      await expect.poll(() => page.getByTestId('truck-status').textContent()).toBe(fill(lang, t.truck.pausedUntil, { time }));
      const weekday = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'Asia/Kuwait', weekday: 'short' }).format(until);
      await expect.poll(() => page.getByTestId('truck-status').textContent()).not.toContain(weekday);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await api(`/trucks/${DEMO_TRUCK.id}/hours/pause`, { method: 'DELETE' });
    }
  });
});
