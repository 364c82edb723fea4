/**
 * The customer's truck page at phone size (390×844), in English and in Arabic, on the demo truck:
 * a delivery with options, first to a point outside every zone (explained before placing), then
 * inside one, placed with a double tap (one order); the vendor's dashboard, open in a second
 * context, rings; the customer's page shows "accepted" with the ready time once the vendor accepts,
 * without a reload. A booking request sent from the page's form reaches the vendor's booking desk
 * live. A sold-out item cannot be added; a closed truck says when it opens. axe finds
 * nothing serious on either page. The back office's sign-in rules never run on /t/*.
 * On /truck-info, the QR code the app draws is read back by a QR decoder (@zxing/library, from a
 * screenshot of what Chromium painted) and holds the truck page's URL; the printable poster shows,
 * when printed, the truck's names and "scan to order" in both languages around a QR code that reads
 * the same, on one A5 page.
 */
import { BinaryBitmap, HybridBinarizer, NotFoundException, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intlLocale } from '../../src/domain/locale';
import arBookings from '../../src/domain/i18n/ar/bookings.json';
import arOrders from '../../src/domain/i18n/ar/orders.json';
import ar from '../../src/domain/i18n/ar/storefront.json';
import arTrucks from '../../src/domain/i18n/ar/trucks.json';
import enBookings from '../../src/domain/i18n/en/bookings.json';
import enOrders from '../../src/domain/i18n/en/orders.json';
import en from '../../src/domain/i18n/en/storefront.json';
import enTrucks from '../../src/domain/i18n/en/trucks.json';
import { launchBrowser, openPage } from './support/browser';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { gotoScreen, seriousAxeViolations } from './support/shell';

const DEMO_TRUCK = { id: '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f', slug: 'saj-station', nameEn: 'Saj Station', nameAr: 'محطة الصاج' };
const ALL_DAY = { opens: '00:00', closes: '00:00', deliveryEnabled: true, spot: { address: 'Sharq, Block 2', lat: 29.3765, lng: 47.9801 } };
const PHONE = { width: 390, height: 844 };
/** Inside the demo's "Kuwait City" zone, and far south of every zone. */
const IN_ZONE = { latitude: 29.3765, longitude: 47.9801 };
const OUT_OF_ZONE = { latitude: 29.08, longitude: 48.08 };

let server: RunningServer;
let browser: Browser;
let session: DemoSession;

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function setHours(exceptions: Record<string, unknown>) {
  const hours = await api<{ version: number }>(`/trucks/${DEMO_TRUCK.id}/hours`, { token: session.token });
  const days = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [ALL_DAY]]));
  const saved = await api(`/trucks/${DEMO_TRUCK.id}/hours`, { method: 'PUT', token: session.token, body: { timeZone: 'Asia/Kuwait', days, exceptions, version: hours.body.version } });
  expect(saved.status).toBe(200);
}

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
  // Open around the clock, so the journey does not depend on the hour it runs at.
  await setHours({});
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openCustomer(lang: 'en' | 'ar', path = `/t/${DEMO_TRUCK.slug}`) {
  const watched = await openPage(browser, server.url, { viewport: PHONE, bypassCSP: true, permissions: ['geolocation'] });
  await watched.context.setExtraHTTPHeaders({ 'accept-language': lang === 'ar' ? 'ar-KW,ar;q=0.9' : 'en-US,en;q=0.9' });
  await watched.page.goto(path);
  await watched.page.getByTestId('truck-status').or(watched.page.getByTestId('order-status')).first().waitFor();
  return watched;
}

const fill = (text: string, params: Record<string, string> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
/** A catalogue string with its placeholders as wildcards. */
const pattern = (text: string) => new RegExp(text.split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+'));
const noSideScroll = (page: Page) => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement.scrollWidth <= 390);

/** The truck's calendar date `days` from today (Kuwait). */
const kuwaitDate = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date(Date.now() + days * 86_400_000));

describe.each([
  { lang: 'en', t: en, orders: enOrders, bookings: enBookings, days: 50 },
  { lang: 'ar', t: ar, orders: arOrders, bookings: arBookings, days: 51 },
] as const)('the truck page ($lang)', ({ lang, t, orders, bookings, days }) => {
  it('takes a delivery with options inside a zone, explains one outside, makes one order of a double tap, and follows it live', async () => {
    const vendor = await openPage(browser, server.url, { viewport: { width: 1280, height: 800 } });
    await seedSession(vendor.page, session, lang, DEMO_TRUCK.id);
    await vendor.page.goto('/orders');
    await vendor.page.locator('[data-testid=orders-live][data-status=live]').waitFor({ timeout: 20_000 });

    const { page, context, problems } = await openCustomer(lang);
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await expect.poll(() => page.title()).toContain(lang === 'ar' ? 'اطلب عبر الإنترنت' : 'Order online');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await noSideScroll(page)).toBe(true);

    // An item with a required group: its rule holds before it goes into the basket.
    const wrap = page.getByTestId('menu-item').filter({ has: page.locator('fieldset, h4') }).first();
    await wrap.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=checkbox]:not([disabled])').first().check();
    // Three of them: above the zone's minimum order.
    await dialog.getByRole('button', { name: t.item.more }).click();
    await dialog.getByRole('button', { name: t.item.more }).click();
    await dialog.locator('button[type=submit]').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('open-cart').click();
    await page.getByTestId('cart-line').first().waitFor();

    await page.getByLabel(t.checkout.delivery).check();
    await page.getByLabel(t.checkout.address).fill('Block 2, Street 10, Sharq');
    await context.setGeolocation(OUT_OF_ZONE);
    await page.getByRole('button', { name: t.checkout.useLocation }).click();
    await page.getByTestId('delivery-check').filter({ hasText: t.delivery.outside_all_zones }).waitFor();
    await expect.poll(() => page.getByTestId('place-order').isDisabled()).toBe(true);

    await context.setGeolocation(IN_ZONE);
    await page.getByRole('button', { name: t.checkout.useLocation }).click();
    await page.getByTestId('delivery-check').filter({ hasText: new RegExp(Object.entries(t.checkout).filter(([key]) => key.startsWith('deliversHere_')).map(([, text]) => pattern(text).source).join('|')) }).waitFor();
    await page.getByLabel(t.checkout.name).fill(`Page ${lang} ${Date.now()}`);
    await page.getByLabel(t.checkout.phone).fill('+96555512345');
    const name = await page.getByLabel(t.checkout.name).inputValue();
    await page.getByTestId('place-order').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('place-order').isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('place-order').dblclick();

    // The order's own page, by its public id.
    await page.waitForURL(/\/t\/saj-station\/orders\/[0-9a-f]{32}$/);
    await page.getByTestId('order-status').filter({ hasText: fill(t.order.status.pending) }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The dashboard rings for it, exactly one order of the double tap.
    const card = vendor.page.locator('.td-order-card').filter({ hasText: name });
    await card.waitFor({ timeout: 30_000 });
    await vendor.page.getByTestId('orders-ringing').waitFor();
    const listed = await api<{ orders: { customer: { name: string } }[] }>(`/trucks/${DEMO_TRUCK.id}/orders?tab=pending`, { token: session.token });
    expect(listed.body.orders.filter((order) => order.customer.name === name)).toHaveLength(1);

    await card.click();
    const fifteen = new Intl.NumberFormat(lang === 'ar' ? 'ar-u-nu-arab' : 'en').format(15);
    await vendor.page.getByTestId('order-panel').getByRole('button', { name: orders.actions.acceptIn_other.replace('{{count}}', fifteen), exact: true }).click();

    // Accepted, with the ready time, without a reload.
    await page.getByTestId('order-status').filter({ hasText: pattern(t.order.status.accepted) }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { performance: { getEntriesByType(type: string): unknown[] } }).performance.getEntriesByType('navigation').length)).toBe(1);

    // Back on the truck page, the phone remembers the order: "order again" refills the basket.
    await page.goto(`/t/${DEMO_TRUCK.slug}`);
    await page.getByTestId('order-again').filter({ hasText: t.again.title }).waitFor();
    await expect.poll(() => page.getByTestId('open-cart').count()).toBe(0);
    await page.getByTestId('order-again-button').click();
    await page.getByTestId('open-cart').click();
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    expect(await noSideScroll(page)).toBe(true);
    expect(problems).toEqual([]);
    expect(vendor.problems).toEqual([]);
    await vendor.context.close();
    await context.close();
  });

  it('sends a booking request from its form, which the vendor’s booking desk shows live', async () => {
    const vendor = await openPage(browser, server.url, { viewport: { width: 1280, height: 800 } });
    await seedSession(vendor.page, session, lang, DEMO_TRUCK.id);
    await gotoScreen(vendor.page, '/booking-details');
    await vendor.page.locator('[data-testid=bookings-live][data-status=live]').waitFor({ timeout: 20_000 });

    const { page, context, problems } = await openCustomer(lang);
    await page.getByRole('button', { name: t.booking.open }).click();
    const name = `Booker ${lang} ${Date.now()}`;
    await page.getByLabel(t.booking.name, { exact: true }).fill(name);
    await page.getByLabel(t.booking.phone, { exact: true }).fill('+965 5551 2345');
    await page.getByLabel(t.booking.email, { exact: true }).fill(`booker-${lang}-${Date.now()}@example.com`);
    await page.getByLabel(t.booking.eventType, { exact: true }).fill(lang === 'ar' ? 'فطور الشركة' : 'Office breakfast');
    // A morning event: it touches no demo booking's window, whatever today's date.
    // Lists in the page's language and digits, on the customer's 12-hour clock, whatever the phone's own locale would show.
    const date = kuwaitDate(days);
    await page.getByLabel(t.booking.month, { exact: true }).selectOption(date.slice(0, 7));
    const day = page.getByLabel(t.booking.day, { exact: true });
    await day.selectOption(date);
    const start = page.getByLabel(t.booking.start, { exact: true });
    await start.selectOption('07:30');
    await page.getByLabel(t.booking.end, { exact: true }).selectOption('09:30');
    const shown = (select: Locator) => select.locator('option:checked').textContent();
    const dayFormat = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
    expect(await shown(day)).toBe(dayFormat.format(new Date(`${date}T00:00:00Z`)));
    expect(await shown(start)).toBe(lang === 'ar' ? '٧:٣٠ ص' : '7:30 AM');
    await page.getByLabel(t.booking.guests, { exact: true }).fill('40');
    await page.getByLabel(t.booking.address, { exact: true }).fill('Block 3, Sharq');
    await page.getByLabel(t.booking.notes, { exact: true }).fill(lang === 'ar' ? 'ساندويتشات فلافل' : 'Falafel wraps');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await noSideScroll(page)).toBe(true);
    await page.getByRole('button', { name: t.booking.send }).click();
    await page.getByRole('status').filter({ hasText: t.booking.sent }).waitFor();

    // The vendor's desk lists it without a reload, pending, in the customer's words.
    const row = vendor.page.locator('[data-testid^=booking-row-]').filter({ hasText: name });
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    await vendor.page.locator('[data-testid=booking-panel] [data-testid=booking-status]', { hasText: bookings.status.pending }).waitFor();
    await expect.poll(() => vendor.page.getByTestId('booking-panel').textContent()).toContain(lang === 'ar' ? 'ساندويتشات فلافل' : 'Falafel wraps');
    expect(problems).toEqual([]);
    expect(vendor.problems).toEqual([]);
    await vendor.context.close();
    await context.close();
  });

  it('shows a sold-out item that cannot be added, loads the map only when asked, and a closed truck saying when it opens', async () => {
    const { page, context, problems } = await openCustomer(lang);
    // The map's code loads only when the customer opens it (a weak signal pays for nothing else).
    const mapCodeLoaded = () =>
      page.evaluate(() =>
        (globalThis as unknown as { performance: { getEntriesByType(type: string): { name: string }[] } }).performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/spot-map-[\w-]+\.js$/.test(entry.name)),
      );
    await page.getByTestId('menu-item').first().waitFor();
    expect(await mapCodeLoaded()).toBe(false);
    await page.getByRole('button', { name: t.truck.showMap }).first().click();
    await page.locator('.leaflet-container').waitFor();
    await expect.poll(mapCodeLoaded).toBe(true);

    const soldOut = page.getByTestId('menu-item').filter({ hasText: t.menu.soldOut });
    await soldOut.first().waitFor();
    await expect.poll(() => soldOut.first().getByRole('button').count()).toBe(0);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date());
    await setHours({ [today]: { kind: 'closed' } });
    try {
      await page.reload();
      await page.getByTestId('truck-status').filter({ hasText: pattern(t.truck.closedOpens) }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await setHours({});
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * Decodes the QR code an SVG element draws: its markup rasterized here (sharp), at 8 pixels per
 * module, after checking that the browser lays it out square and big enough to scan; null while it is
 * not (still being laid out), so that a test polls for the reading it expects. Not a screenshot: on a
 * loaded machine Chromium's element screenshots of the code failed to decode for 20 s in both
 * languages of one run, while the same code in the page's full screenshot decoded.
 */
async function readQr(code: Locator): Promise<string | null> {
  const box = await code.boundingBox();
  if (!box || box.width < 100 || Math.abs(box.width - box.height) > 1) return null;
  const markup = await code.evaluate((svg) => (svg as unknown as { outerHTML: string }).outerHTML);
  const side = Number(/viewBox="0 0 (\d+)/.exec(markup)?.[1] ?? 0) * 8;
  if (side === 0) return null;
  const svg = markup.replace(/^<svg[^>]*>/, (open) =>
    open.replace(/ (width|height|xmlns)="[^"]*"/g, '').replace('<svg', `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"`),
  );
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: '#fff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
  try {
    return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } catch (error) {
    if (error instanceof NotFoundException) return null;
    throw error;
  }
}

/** The size of each page of a PDF as Chromium writes it (one `/MediaBox` per page), in millimetres. */
const pdfPages = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map(([, width, height]) => [Number(width), Number(height)].map((pt) => Math.round((pt * 25.4) / 72)));

describe.each([
  { lang: 'en', t: enTrucks },
  { lang: 'ar', t: arTrucks },
] as const)('sharing the truck ($lang)', ({ lang, t }) => {
  it('draws a QR code that reads as the truck page’s URL, and prints an A5 poster in both languages', async () => {
    const { page, context, problems } = await openPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    await seedSession(page, session, lang, DEMO_TRUCK.id);
    // window.print() would open the print dialog: count the calls instead, and print to PDF below.
    await page.addInitScript(() => {
      const target = globalThis as unknown as { print(): void; printed?: number };
      target.print = () => {
        target.printed = (target.printed ?? 0) + 1;
      };
    });
    await gotoScreen(page, '/truck-info');
    const share = page.getByTestId('truck-share');
    await share.waitFor();

    const url = `${server.url}/t/${DEMO_TRUCK.slug}`;
    await expect.poll(() => share.getByTestId('public-link').inputValue()).toBe(url);
    await expect.poll(() => readQr(share.getByRole('img', { name: t.share.qrLabel }))).toBe(url);
    const truckPage = await fetch(url);
    expect(truckPage.status).toBe(200);
    expect(await truckPage.text()).toContain(DEMO_TRUCK.nameEn);

    await share.getByTestId('print-poster').click();
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { printed?: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const poster = page.locator('.td-poster');
    await poster.waitFor({ state: 'visible' });
    for (const text of [DEMO_TRUCK.nameAr, DEMO_TRUCK.nameEn, arTrucks.share.scanToOrder, enTrucks.share.scanToOrder, url]) {
      await poster.getByText(text, { exact: true }).waitFor({ state: 'visible' });
    }
    await expect.poll(() => readQr(poster.locator('svg.td-qr'))).toBe(url);
    // Nothing of the screen behind it is printed, and the sheet is one A5 page.
    await expect.poll(() => share.getByTestId('print-poster').isVisible()).toBe(false);
    expect(pdfPages(await page.pdf({ preferCSSPageSize: true }))).toEqual([[148, 210]]);

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the back office’s sign-in rules', () => {
  it('never run on the truck page: an expired session stays where it is and is not cleared', async () => {
    const { page, context } = await openCustomer('en');
    await page.evaluate(() => {
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      // A token that expired long ago, marked signed in: the back office would sign it out and send it to '/'.
      storage.setItem('Token', 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjEwMDB9.x');
      storage.setItem('userModel', JSON.stringify({ isLogin: true }));
    });
    await page.reload();
    await page.getByTestId('truck-status').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/t/${DEMO_TRUCK.slug}`);
    expect(await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('userModel'))).toBe(JSON.stringify({ isLogin: true }));
    await context.close();
  });
});
