/**
 * /home in the browser, in English and in Arabic, for each role, signed in for real through the
 * sign-in pop-up on a fresh embedded demo (its simulator off: this journey places its own orders):
 *  - the demo vendor: open now, taking orders, today's figures against last week, the paper warning
 *    linking to the truck details, the three charts (right to left in Arabic, with Arabic digits),
 *    the pause and resume, and an order placed meanwhile showing up without a reload;
 *  - a staff member the vendor invited: the same day's orders, pending orders and booking requests,
 *    live, but no revenue anywhere (figures, charts, top items) and no pause, where the owner sees both;
 *  - an applicant: the next step as one button, from no truck to a draft;
 *  - the demo admin: applications waiting with their age, trucks by status, expiring documents.
 * No serious accessibility problem, no English left in Arabic, no failed request; screenshots under
 * test-results/screenshots/. And what /home's JavaScript weighs on the wire (brotli).
 */
import { mkdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TruckHome } from '../../src/domain/home';
import type { PublicMenu } from '../../src/domain/menu';
import arHome from '../../src/domain/i18n/ar/home.json';
import enHome from '../../src/domain/i18n/en/home.json';
import { launchBrowser, openPage, type WatchedPage } from './support/browser';
import { guideScreenshot } from './support/guide';
import { demoPassword, seedSession, signInByApi, signInDemoVendor, signInThroughPopup, type DemoSession } from './support/demo-vendor';
import { fromLastMail } from './support/outbox';
import { startServer, type RunningServer } from './support/server';
import { latinTextOnPage, seriousAxeViolations } from './support/shell';

const DEMO_TRUCK = '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f';
const VENDOR_EMAIL = 'vendor@truckdesk.demo';
const ADMIN_EMAIL = 'admin@truckdesk.demo';
const PASSWORD = 'grilled-halloumi-42';
const DIR = path.resolve('test-results/screenshots');
const TEXT = { en: enHome, ar: arHome };

let server: RunningServer;
let browser: Browser;
let vendor: DemoSession;

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
  // Info level: the demo sign-ins are printed there (demo data is seeded on a fresh embedded database only).
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  vendor = await signInDemoVendor(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new account (sign-up answers alike for new and taken addresses and opens no session). */
async function signUp(prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await fetch(`${server.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(202);
  return email;
}

/** The invitation token of the newest mail to `email`, as the console outbox printed it. */
async function mailedInvitation(email: string): Promise<string> {
  return decodeURIComponent(await fromLastMail(server, email, /\/invite\?token=([^\s&]+)/));
}

/** Someone the demo vendor invited who joined the demo truck as staff (by the API: the team journey covers the screens). */
async function joinAsStaff(): Promise<{ email: string; session: DemoSession }> {
  const email = await signUp('staff');
  const invited = await fetch(`${server.url}/api/v1/trucks/${DEMO_TRUCK}/team/invitations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${vendor.token}` },
    body: JSON.stringify({ email, name: 'Noura' }),
  });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const session = await signInByApi(server, email, PASSWORD);
  const accepted = await fetch(`${server.url}/api/v1/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ token: await mailedInvitation(email) }),
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  return { email, session };
}

/** A fresh browser signed in through the sign-in pop-up (CSP bypassed for axe's script only). */
async function signedIn(lang: 'en' | 'ar', email: string, password: string): Promise<WatchedPage> {
  const watched = await openPage(browser, server.url, { bypassCSP: true });
  await signInThroughPopup(watched.page, lang, email, password);
  return watched;
}

async function openHome(session: DemoSession, lang: 'en' | 'ar', viewport?: { width: number; height: number }): Promise<WatchedPage> {
  // CSP bypassed for axe's script only.
  const watched = await openPage(browser, server.url, { bypassCSP: true, ...(viewport ? { viewport } : {}) });
  await seedSession(watched.page, session, lang, DEMO_TRUCK);
  await watched.page.goto('/home');
  return watched;
}

async function expectAccessibleAndTranslated(page: Page, lang: 'en' | 'ar') {
  expect(await seriousAxeViolations(page)).toEqual([]);
  // The navbar's icons (anticon, named in English by Ant Design) are the shell's.
  if (lang === 'ar') expect((await latinTextOnPage(page)).filter((finding) => !finding.includes('class="anticon '))).toEqual([]);
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
  await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage: true });
}

/** The figure's number as the page shows it, read back to a number whatever the digits. */
async function figure(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).locator('.td-figure__value').textContent()) ?? '';
  return Number(text.replace(/[٠-٩]/g, (digit) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(digit))).replace(/[^\d]/g, ''));
}

async function waitForFigure(page: Page, testId: string, expected: number) {
  await page.waitForFunction(
    ({ testId, expected }) => {
      const doc = (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document;
      const text = doc.querySelector(`[data-testid="${testId}"] .td-figure__value`)?.textContent ?? '';
      return Number(text.replace(/[٠-٩]/g, (digit) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(digit))).replace(/[^\d]/g, '')) === expected;
    },
    { testId, expected },
    { timeout: 20_000 },
  );
}

/**
 * Every text of the truck's /home a person or a screen reader meets (text, labels, titles) that
 * shows an amount of money: the truck's currency as the page's language writes it.
 */
async function moneyOnPage(page: Page, currency: string): Promise<string[]> {
  await page.getByTestId('top-items').waitFor();
  return page.getByTestId('home-truck').evaluate((root, currency) => {
    const lang = (root.ownerDocument as unknown as { documentElement: { lang: string } }).documentElement.lang || 'en';
    const symbol = new Intl.NumberFormat(lang, { style: 'currency', currency }).formatToParts(1).find((part) => part.type === 'currency')!.value;
    const texts = [root, ...root.querySelectorAll('*')].flatMap((el) => [
      ...[...el.childNodes].filter((node) => node.nodeType === 3).map((node) => node.nodeValue ?? ''),
      ...['aria-label', 'title'].map((name) => el.getAttribute(name) ?? ''),
    ]);
    return texts.filter((text) => text.includes(symbol) || text.includes(currency));
  }, currency);
}

async function summary(session: DemoSession): Promise<TruckHome> {
  const res = await fetch(`${server.url}/api/v1/trucks/${DEMO_TRUCK}/home`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as TruckHome;
}

/** A customer's pickup order through the public intake, as the simulator would place it; its id. */
async function placeOrder(): Promise<string> {
  const menu = (await (await fetch(`${server.url}/api/v1/public/trucks/saj-station/menu`)).json()) as PublicMenu;
  const item = menu.categories.flatMap((category) => category.items).find((candidate) => candidate.available && candidate.optionGroups.every((group) => !group.required))!;
  const res = await fetch(`${server.url}/api/v1/public/trucks/saj-station/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines: [{ itemId: item.id, qty: 1 }], customer: { name: 'Huda', phone: '+96555512345' }, type: 'pickup', paymentMethod: 'cash' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The vendor accepts it: from then on /home counts it as earned (decision 012). */
async function acceptOrder(id: string): Promise<void> {
  const res = await fetch(`${server.url}/api/v1/trucks/${DEMO_TRUCK}/orders/${id}/actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${vendor.token}` },
    body: JSON.stringify({ action: 'accept', prepMinutes: 10, version: 0 }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('the vendor', () => {
  it.each(['en', 'ar'] as const)('sees the day, the papers and the charts, pauses and resumes, and an order arrives live (%s)', async (lang) => {
    const { page, problems, context, inFlight } = await signedIn(lang, VENDOR_EMAIL, demoPassword(server, 'Vendor', VENDOR_EMAIL));
    const text = TEXT[lang];
    await page.locator('[data-testid="home-truck"][data-relation="owner"]').waitFor();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    // Open now whatever the hour (the demo's today), with the 60 days of history behind the charts.
    await page.locator('[data-testid="open-state"][data-state="open"]').waitFor();
    await page.locator('[data-testid="taking"][data-taking="yes"]').waitFor();
    const before = await summary(vendor);
    await expect.poll(() => figure(page, 'figure-orders')).toBe(before.todayFigures.orders);
    await page.getByTestId('figure-revenue').waitFor();
    await page.getByTestId('figure-average').waitFor();
    await page.getByTestId('figure-tips').waitFor();
    // The demo insurance expires in three weeks: a warning that leads to the truck details.
    const warning = page.locator('[data-testid="paper-warning"][data-type="insurance"]');
    await warning.waitFor();
    await expect.poll(() => warning.locator('a[href="/truck-info"]').count()).toBe(1);
    await expect.poll(() => page.getByTestId('papers-blocked').count()).toBe(0);

    // The charts: 24 hours, 14 days, five items; in Arabic the first day sits on the right.
    await page.getByTestId('chart-hourly-bars').waitFor();
    await expect.poll(() => page.getByTestId('chart-hourly-bars').locator('[role="listitem"]').count()).toBe(24);
    const days = page.getByTestId('chart-daily-bars').locator('[role="listitem"]');
    await expect.poll(() => days.count()).toBe(14);
    const firstBeforeLast = async () => {
      const [first, last] = [await days.first().boundingBox(), await days.last().boundingBox()];
      return first !== null && last !== null && first.x < last.x;
    };
    // Oldest first in reading order: on the left in English, on the right in Arabic.
    await expect.poll(firstBeforeLast).toBe(lang === 'en');
    await expect.poll(() => page.getByTestId('top-items').locator('li').count()).toBe(5);
    if (lang === 'ar') {
      await expect.poll(() => page.getByTestId('figure-orders').locator('.td-figure__value').textContent()).toMatch(/^[٠-٩٬]+$/);
      await expect.poll(() => days.first().getAttribute('aria-label')).toMatch(/[٠-٩]/);
    }
    await page.getByTestId('rank-revenue').click();
    await page.locator('[data-testid="rank-revenue"][aria-pressed="true"]').waitFor();
    // The owner sees the money: the revenue figures, and amounts in the charts and the top items.
    await expect.poll(() => moneyOnPage(page, before.currency).then((found) => found.length)).toBeGreaterThan(0);
    await expectAccessibleAndTranslated(page, lang);
    await shoot(page, `home-vendor-${lang}`);
    await guideScreenshot(page, 'home', lang);

    // Pause for 15 minutes, then take orders again: the existing pause, from here.
    await page.getByTestId('home-pause-15').click();
    await page.locator('[data-testid="open-state"][data-state="paused"]').waitFor();
    await page.locator('[data-testid="taking"][data-taking="no"]').waitFor();
    await expect.poll(() => page.getByTestId('taking').textContent()).toContain(text.reasons.paused);
    await page.getByTestId('home-resume').click();
    await page.locator('[data-testid="open-state"][data-state="open"]').waitFor();

    // A new order: the figures follow without a reload (the truck's event stream).
    const orders = await figure(page, 'figure-orders');
    const pending = await figure(page, 'pending-orders');
    const placed = await placeOrder();
    await waitForFigure(page, 'pending-orders', pending + 1);
    expect(await figure(page, 'figure-orders')).toBe(orders);
    await acceptOrder(placed);
    await waitForFigure(page, 'figure-orders', orders + 1);
    await waitForFigure(page, 'pending-orders', pending);
    // The figures and the shell's order alerts share the tab's one stream (a browser gives a site six connections).
    await expect.poll(() => [...inFlight].filter((request) => request.includes('/events?ticket=')).length).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a 360 px phone: nothing of the screen past its edges (Arabic)', async () => {
    const { page, problems, context } = await openHome(vendor, 'ar', { width: 360, height: 780 });
    await page.getByTestId('chart-daily-bars').waitFor();
    // Nothing of the screen's own reaches past the edges (the navbar is the shell's).
    const outside = await page.evaluate(() => {
      type El = { getBoundingClientRect(): { left: number; right: number }; className: string; tagName: string };
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<El> } }).document;
      return Array.from(doc.querySelectorAll('[data-testid="home-truck"] *'))
        .filter((el) => el.getBoundingClientRect().right > 360.5 || el.getBoundingClientRect().left < -0.5)
        .map((el) => `${el.tagName}.${el.className}`);
    });
    expect(outside).toEqual([]);
    await shoot(page, 'home-vendor-ar-phone');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a staff member', () => {
  it.each(['en', 'ar'] as const)("sees the truck's day, pending orders and bookings, live, but no revenue and no pause (%s)", async (lang) => {
    const staff = await joinAsStaff();
    const { page, problems, context } = await signedIn(lang, staff.email, PASSWORD);
    const text = TEXT[lang];
    // Their only truck is the one they joined, as staff.
    await page.locator('[data-testid="home-truck"][data-relation="staff"]').waitFor();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    const [theirs, owners] = [await summary(staff.session), await summary(vendor)];
    expect(theirs.revenueVisible).toBe(false);
    expect(owners.revenueVisible).toBe(true);
    // The same day's orders as the owner's, and the pending orders and booking requests with their tabs.
    await expect.poll(() => figure(page, 'figure-orders')).toBe(theirs.todayFigures.orders);
    expect(theirs.todayFigures.orders).toBe(owners.todayFigures.orders);
    await expect.poll(() => figure(page, 'pending-orders')).toBe(theirs.pending.orders);
    await expect.poll(() => page.getByTestId('pending-orders').getAttribute('href')).toBe('/orders');
    await expect.poll(() => figure(page, 'pending-bookings')).toBe(theirs.pending.bookings);
    await expect.poll(() => page.getByTestId('pending-bookings').getAttribute('href')).toBe('/booking-details');
    await page.locator('[data-testid="open-state"][data-state="open"]').waitFor();
    await page.locator('[data-testid="taking"][data-taking="yes"]').waitFor();
    // The charts count orders; the items rank by quantity only.
    await expect.poll(() => page.getByTestId('chart-daily').textContent()).toContain(text.charts.dailyOrders);
    await expect.poll(() => page.getByTestId('chart-daily-bars').locator('[role="listitem"]').count()).toBe(14);
    await expect.poll(() => page.getByTestId('top-items').locator('li').count()).toBe(5);
    // Nothing about money, where the owner sees revenue, the average ticket and amounts; and no pause.
    await expect.poll(() => moneyOnPage(page, theirs.currency)).toEqual([]);
    for (const testId of ['figure-revenue', 'figure-average', 'figure-tips', 'rank-revenue', 'home-pause-15', 'home-resume']) {
      await expect.poll(() => page.getByTestId(testId).count(), { message: testId }).toBe(0);
    }
    await expectAccessibleAndTranslated(page, lang);
    await shoot(page, `home-staff-${lang}`);

    // A new order, once accepted, reaches their figures without a reload too.
    const orders = await figure(page, 'figure-orders');
    await acceptOrder(await placeOrder());
    await waitForFigure(page, 'figure-orders', orders + 1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('an applicant', () => {
  it.each(['en', 'ar'] as const)('is offered the next step: register, then continue the draft (%s)', async (lang) => {
    const email = await signUp('applicant');
    const { page, problems, context } = await signedIn(lang, email, PASSWORD);
    await page.locator('[data-testid="application-status"][data-status="none"]').waitFor();
    await expect.poll(() => page.getByTestId('next-step').getAttribute('href')).toBe('/truck-register');
    await expect.poll(() => page.getByTestId('next-step').textContent()).toBe(TEXT[lang].application.next.register);
    await expectAccessibleAndTranslated(page, lang);

    // A draft started (elsewhere): the next visit offers to continue it.
    const applicant = await signInByApi(server, email, PASSWORD);
    const draft = await fetch(`${server.url}/api/v1/trucks`, { method: 'POST', headers: { authorization: `Bearer ${applicant.token}` } });
    expect(draft.status).toBe(201);
    await page.reload();
    await page.locator('[data-testid="application-status"][data-status="draft"]').waitFor();
    await expect.poll(() => page.getByTestId('next-step').textContent()).toBe(TEXT[lang].application.next.continue);
    await shoot(page, `home-applicant-${lang}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the admin', () => {
  it.each(['en', 'ar'] as const)('sees applications waiting with their age, trucks by status and expiring documents (%s)', async (lang) => {
    const { page, problems, context } = await signedIn(lang, ADMIN_EMAIL, demoPassword(server, 'Admin', ADMIN_EMAIL));
    await page.getByTestId('home-admin').waitFor();
    // The demo's second truck waits for review; the demo truck's insurance expires within 30 days.
    await page.getByTestId('waiting-row').first().waitFor();
    // In interface digits; Arabic's zero form (just submitted) says «less than an hour» without one.
    await expect.poll(() => page.getByTestId('waiting-age').first().textContent()).toMatch(lang === 'ar' ? /^[^0-9]*([٠-٩]|أقل من ساعة)[^0-9]*$/ : /\d/);
    await page.getByTestId('expiring-row').first().waitFor();
    await expect.poll(() => figure(page, 'status-approved')).toBeGreaterThanOrEqual(1);
    await expectAccessibleAndTranslated(page, lang);
    await shoot(page, `home-admin-${lang}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** Bytes on the wire for a URL requested with brotli accepted (node:http does not decode). */
function servedBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => (size += chunk.length));
      res.on('end', () => resolve(size));
    });
    req.on('error', reject);
    req.end();
  });
}

it('weighs little of its own: its code within 12 KiB and the whole of /home within the shell budget (brotli)', async () => {
  const { page, context } = await openHome(vendor, 'ar');
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await page.reload();
  await page.getByTestId('top-items').waitFor();
  await context.close();
  const files = await Promise.all([...scripts].map(async (url) => ({ name: url.split('/').pop()!, bytes: await servedBytes(url) })));
  const kib = (list: typeof files) => list.reduce((sum, file) => sum + file.bytes, 0) / 1024;
  const own = files.filter((file) => /^home/.test(file.name));
  console.info(`/home (vendor, Arabic, charts): ${kib(files).toFixed(1)} KiB of JavaScript in ${files.length} files, ${kib(own).toFixed(1)} KiB of them the screen's own (${own.map((file) => file.name).join(', ')})`);
  expect(own.map((file) => file.name).some((name) => name.startsWith('home-charts'))).toBe(true);
  expect(kib(own)).toBeLessThanOrEqual(12);
  expect(kib(files)).toBeLessThanOrEqual(350);
});
