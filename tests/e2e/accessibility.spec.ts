/**
 * Every screen passes axe-core's WCAG 2.0 and 2.1 level A and AA rules as it loads, in English and
 * in Arabic, on a desktop (1280×800) and a phone (390×844): the route table's screens, each opened
 * by whoever uses it (signed out, the demo vendor who owns the truck, the demo staff member, who is
 * also an applicant with no truck of their own, and the demo admin), and the customers' pages (the
 * entry page's sign-in pop-up, the truck page, an order's page and a quote's page), and the vendor's
 * screens from /orders on with the new-order banner ringing above them. A violation of
 * any impact fails, listing every element of every screen of the width and language at once.
 *
 * One server and one browser for the file; one test per width and language, in which each identity
 * has a browser context of its own, as each person has their own browser. The screens are opened as
 * screen-widths.spec.ts opens them (support/screens.ts), so each identity's app loads once and axe
 * is injected once per page load.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_TABLE, type RouteEntry } from '../../src/web/app/route-table';
import { launchBrowser, openPage } from './support/browser';
import { quoteLinkFor } from './support/demo-bookings';
import { DEMO_TRUCK, callApi, placeDemoOrder, readyDemoTruck } from './support/demo-orders';
import { demoPassword, signInByApi, type DemoSession } from './support/demo-vendor';
import { startInLanguage, visitScreens, type Lang, type Visit } from './support/screens';
import { startServer, type RunningServer } from './support/server';
import { WCAG_AA, axeViolations, waitForAnimations } from './support/shell';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const LANGS = ['en', 'ar'] as const;
type Who = 'signed-out' | 'vendor' | 'staff' | 'admin';

const ACCOUNTS = [
  ['vendor', 'vendor@truckdesk.demo', 'Vendor'],
  ['staff', 'staff@truckdesk.demo', 'Applicant, Staff'],
  ['admin', 'admin@truckdesk.demo', 'Admin'],
] as const;

let server: RunningServer;
let browser: Browser;
const sessions: Partial<Record<Who, DemoSession>> = {};
/** The customers' pages of a placed order and of a quote sent, opened as their links are. */
let orderPage: string;
/** An item the customers order (the order page's, and the one that rings on the vendor's screens). */
let itemId: string;
/** Sent by the first test (the mail is waited for with expect.poll, which only runs inside a test). */
let quotePage: Promise<string> | undefined;

/** A booking asked for on the truck page and quoted by the vendor: its link is mailed to the customer. */
async function sendQuote(vendor: DemoSession): Promise<string> {
  const email = 'axe-quote@example.com';
  const eventDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date(Date.now() + 60 * 86_400_000));
  const asked = await callApi<{ id: string }>(server, `/public/trucks/${DEMO_TRUCK.slug}/bookings`, {
    method: 'POST',
    body: { customer: { name: 'Axe Quote', phone: '+96555512345', email }, eventType: 'Picnic', serviceModel: 'catering', eventDate, startTime: '07:30', endTime: '09:30', setupMinutes: 30, location: { address: 'Salmiya' }, guestCount: 30, language: 'en' },
  });
  if (asked.status !== 201) throw new Error(`asking for a booking answered ${asked.status}`);
  const booking = `/trucks/${DEMO_TRUCK.id}/bookings/${asked.body.id}`;
  const { body } = await callApi<{ version: number }>(server, booking, { token: vendor.token });
  const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const quoted = await callApi(server, `${booking}/actions`, {
    method: 'POST',
    token: vendor.token,
    body: { action: 'quote', quote: { amountMinor: 250_000, depositMinor: 50_000, message: 'Two staff.', validUntil }, version: body.version },
  });
  if (quoted.status !== 200) throw new Error(`quoting the booking answered ${quoted.status}`);
  return quoteLinkFor(server, email);
}

beforeAll(async () => {
  // The demo accounts (their sign-in printed at info level) live on a fresh embedded database; the mail outbox is printed there too.
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  for (const [who, email, roles] of ACCOUNTS) sessions[who] = await signInByApi(server, email, demoPassword(server, roles, email));
  const vendor = sessions.vendor!;
  ({ itemId } = await readyDemoTruck(server, vendor));
  orderPage = `/t/${DEMO_TRUCK.slug}/orders/${(await placeDemoOrder(server, itemId, 'Axe Order')).publicId}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The screens an account's access list names, and a job's page with the booking desk. Not the staff
 * member's /truck-info: it would show the truck they work for, which only its owner opens (their
 * sidebar does not offer it; the screen says "No access").
 */
function screensOf(who: Exclude<Who, 'signed-out'>): RouteEntry[] {
  const screens = new Set((sessions[who]!.accessList as { screen: string }[]).map((entry) => entry.screen));
  if (screens.has('/booking-details')) screens.add('/jobs/:number');
  if (who === 'staff') screens.delete('/truck-info');
  return ROUTE_TABLE.filter((route) => route.layout === 'dashboard' && screens.has(route.path));
}

/** The address a route is opened at: the demo's confirmed job 6, an unknown quote token. */
const addressOf = (route: RouteEntry) => route.path.replace(':number', '6').replace(':token', 'not-a-token');

/** What the visitor without an account opens: the pages outside the back office, and a quote that is valid. */
function signedOutVisits(quotePage: string): Visit<Who>[] {
  const quote = ROUTE_TABLE.find((route) => route.path === '/booking-quote/:token')!;
  return [
    ...ROUTE_TABLE.filter((route) => route.layout === 'page').map((route) => ({ route, who: 'signed-out' as const, address: addressOf(route) })),
    { route: quote, who: 'signed-out', address: quotePage, ready: '[data-testid=quote-page]' },
  ];
}

function accountVisits(who: Exclude<Who, 'signed-out'>): Visit<Who>[] {
  return screensOf(who).map((route) => ({ route, who, address: addressOf(route), ...(who === 'admin' && route.path === '/home' ? { ready: '[data-testid=home-admin]' } : {}) }));
}

/** One line per violating element, naming the page and who opened it. */
async function violationsOn(page: Page, where: string): Promise<string[]> {
  const found = await axeViolations(page, WCAG_AA);
  return found.flatMap((violation) => violation.nodes.map((node) => `${where}: ${violation.id} (${violation.impact}) ${node}`));
}

describe('every screen passes axe (WCAG 2.0/2.1 A and AA)', () => {
  it.each(SIZES.flatMap((size) => LANGS.map((lang) => ({ ...size, lang }))))('at $width×$height ($lang)', async ({ width, height, lang }: { width: number; height: number; lang: Lang }) => {
    const openTab = async () => {
      const tab = await openPage(browser, server.url, { viewport: { width, height }, bypassCSP: true });
      await startInLanguage(tab.page, lang);
      // The truck page speaks the browser's language.
      await tab.context.setExtraHTTPHeaders({ 'accept-language': lang === 'ar' ? 'ar-KW,ar;q=0.9' : 'en-US,en;q=0.9' });
      return tab;
    };
    const where = `at ${width}×${height} (${lang})`;
    const failures: string[] = [];

    const customer = await openTab();
    for (const address of [`/t/${DEMO_TRUCK.slug}`, orderPage]) {
      await customer.page.goto(address);
      await customer.page.getByTestId(address === orderPage ? 'order-status' : 'truck-status').waitFor();
      await expect.poll(() => customer.page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await waitForAnimations(customer.page);
      failures.push(...(await violationsOn(customer.page, `${address} (customer)`)));
    }
    quotePage ??= sendQuote(sessions.vendor!);
    // The mailed link carries the customer's language; this visit opens it in the one under test.
    const quoteAddress = `${(await quotePage).split('?')[0]}?lang=${lang}`;
    await visitScreens(customer.page, signedOutVisits(quoteAddress), { lang, sessions, where }, async ({ address }) => {
      failures.push(...(await violationsOn(customer.page, `${address} (signed-out)`)));
      if (address !== '/') return;
      await customer.page.getByTestId('open-sign-in').click();
      // The pointer off the pop-up's links: what is checked is how they look, not how they look hovered.
      await customer.page.mouse.move(0, 0);
      await customer.page.locator('#sign-in').waitFor();
      await waitForAnimations(customer.page);
      failures.push(...(await violationsOn(customer.page, '/ with the sign-in pop-up open (signed-out)')));
      await customer.page.keyboard.press('Escape');
      await customer.page.locator('#sign-in').waitFor({ state: 'hidden' });
    });
    await customer.context.close();

    for (const who of ['vendor', 'staff', 'admin'] as const) {
      const { page, context } = await openTab();
      await visitScreens(page, accountVisits(who), { lang, sessions, where }, async ({ address }) => {
        if (who === 'vendor' && address === '/orders') {
          // An order arriving while the app is open rings: the banner stays above the screens after this one.
          await page.locator('[data-testid=orders-live][data-status=live]').waitFor();
          await placeDemoOrder(server, itemId, `Axe ${lang} ${width}`);
          await page.getByTestId('orders-ringing').waitFor();
          await waitForAnimations(page);
        }
        failures.push(...(await violationsOn(page, `${address} (${who})`)));
      });
      await context.close();
    }
    expect(failures, `axe violations at ${width}×${height} (${lang}):\n${failures.join('\n')}`).toEqual([]);
  });
});
