/**
 * A new order never goes unheard, in Chromium as the demo vendor: placed while the vendor is on
 * /menu it rings there (the sound, the banner, the sidebar's Orders count, the tab title) and on
 * /orders until someone says they heard it; orders already waiting when the app opens do not ring.
 * And when the network drops (Playwright's offline mode), the order dashboard says so at once, keeps
 * its orders, keeps an action on the device until it is sent, and on return shows the order placed
 * meanwhile, ringing — in English
 * and in Arabic.
 *
 * The ring is counted by wrapping the page's Web Audio oscillator: each chime starts two notes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../src/domain/i18n/ar/orders.json';
import arCommon from '../../src/domain/i18n/ar/common.json';
import en from '../../src/domain/i18n/en/orders.json';
import enCommon from '../../src/domain/i18n/en/common.json';
import { launchBrowser, openPage, type WatchedPage } from './support/browser';
import { DEMO_TRUCK, placeDemoOrder, readyDemoTruck } from './support/demo-orders';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let session: DemoSession;
let itemId: string;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
  ({ itemId } = await readyDemoTruck(server, session));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openApp(lang: 'en' | 'ar', path: string): Promise<WatchedPage> {
  const watched = await openPage(browser, server.url, { viewport: { width: 1280, height: 800 } });
  await watched.page.addInitScript(() => {
    const scope = globalThis as unknown as { __notes: number; AudioContext: { prototype: { createOscillator(): unknown } } };
    scope.__notes = 0;
    const create = scope.AudioContext.prototype.createOscillator;
    scope.AudioContext.prototype.createOscillator = function (this: unknown) {
      scope.__notes++;
      return create.call(this);
    };
  });
  await seedSession(watched.page, session, lang, DEMO_TRUCK.id);
  await watched.page.goto(path);
  return watched;
}

const card = (page: Page, customer: string) => page.locator('.td-order-card').filter({ hasText: customer });
const notes = (page: Page) => page.evaluate(() => (globalThis as unknown as { __notes: number }).__notes);

/**
 * A tap lets the browser play sound (what any vendor does first). On the navbar's title, which does
 * nothing: a tap at a fixed point of the page once landed on a menu item and opened its editor, whose
 * modal then covered the sidebar (CI, 74f8519).
 */
const tapToAllowSound = (page: Page) => page.getByTestId('navbar').getByRole('heading', { level: 1 }).click();

/** The stream is followed by the shell on every screen; the orders screen shows its state. */
async function waitUntilStreaming(page: Page) {
  await page.waitForResponse((response) => response.url().includes('/events?ticket='), { timeout: 20_000 });
}

describe('a new order never goes unheard', () => {
  it('rings on /menu, counts on the sidebar and in the title, rings on /orders until heard; old orders do not ring', async () => {
    const waiting = `Before ${Date.now()}`;
    await placeDemoOrder(server, itemId, waiting);
    const { page, context, problems } = await openApp('en', '/menu');
    const streaming = waitUntilStreaming(page);
    await page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { level: 2 })).first().waitFor();
    await streaming;
    await tapToAllowSound(page);
    await expect.poll(() => page.getByTestId('orders-ringing').count()).toBe(0);

    const customer = `On menu ${Date.now()}`;
    await placeDemoOrder(server, itemId, customer);
    const banner = page.getByTestId('orders-ringing');
    await banner.waitFor({ timeout: 10_000 });
    await expect.poll(() => banner.textContent()).toContain(en.alerts.ringing_one.replace('{{count}}', '1'));
    expect(page.url()).toMatch(/\/menu$/);
    await expect.poll(() => notes(page), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByTestId('sidebar-badge-orders').waitFor();
    await expect.poll(() => page.getByTestId('sidebar-badge-orders').textContent()).toBe('(1)');
    await expect.poll(() => page.title()).toBe(`(1) ${enCommon.routes['/menu']} · ${enCommon.app.name}`);

    // Back on the orders screen it still rings, and the order waits in the list, marked.
    const before = await notes(page);
    await page.getByTestId('sidebar').getByRole('link', { name: new RegExp(`^${enCommon.routes['/orders']}`) }).click();
    await page.waitForURL(/\/orders$/);
    await card(page, customer).and(page.locator('[data-ringing=true]')).waitFor();
    await expect.poll(() => notes(page), { timeout: 10_000 }).toBeGreaterThan(before);
    await card(page, waiting).waitFor();
    await expect.poll(() => card(page, waiting).getAttribute('data-ringing')).not.toBe('true');

    await banner.getByRole('button', { name: en.alerts.acknowledge }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByTestId('sidebar-badge-orders').waitFor({ state: 'detached' });
    await expect.poll(() => page.title()).toBe(`${enCommon.routes['/orders']} · ${enCommon.app.name}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each([
  { lang: 'en', t: en, common: enCommon },
  { lang: 'ar', t: ar, common: arCommon },
] as const)('the order dashboard offline ($lang)', ({ lang, t }) => {
  it('says offline at once, keeps its orders, keeps an action waiting, and on return shows and rings for the order placed meanwhile', async () => {
    const earlier = `Earlier ${lang} ${Date.now()}`;
    await placeDemoOrder(server, itemId, earlier);
    const { page, context, problems } = await openApp(lang, '/orders');
    await page.locator('[data-testid=orders-live][data-status=live]').waitFor({ timeout: 20_000 });
    await tapToAllowSound(page);
    await card(page, earlier).waitFor();
    const shown = await page.locator('.td-order-card').count();
    await card(page, earlier).click();
    const panel = page.getByTestId('order-panel');
    await panel.getByRole('button').first().waitFor();

    await context.setOffline(true);
    const live = page.getByTestId('orders-live');
    await page.locator('[data-testid=orders-live][data-status=offline]').waitFor({ timeout: 15_000 });
    await expect.poll(() => live.textContent()).toBe(t.live.offline);
    await expect.poll(() => page.getByTestId('orders-offline').textContent()).toBe(t.queue.offlineNotice);
    await expect.poll(() => page.locator('.td-order-card').count()).toBe(shown);

    // An action while offline is kept on this device, marked as waiting to be sent.
    await panel.getByRole('button').first().click();
    await panel.getByTestId('order-panel-waiting').waitFor();

    const customer = `Offline ${lang} ${Date.now()}`;
    await placeDemoOrder(server, itemId, customer);
    const notesBefore = await notes(page);
    await context.setOffline(false);
    await page.locator('[data-testid=orders-live][data-status=live]').waitFor({ timeout: 20_000 });
    await card(page, customer).and(page.locator('[data-ringing=true]')).waitFor({ timeout: 10_000 });
    await page.getByTestId('orders-ringing').waitFor();
    await expect.poll(() => notes(page), { timeout: 10_000 }).toBeGreaterThan(notesBefore);
    await expect.poll(() => page.getByTestId('orders-offline').count()).toBe(0);
    // The change kept meanwhile has been sent.
    await expect.poll(() => page.locator('.td-order-card[data-waiting=true]').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    // Requests cut by the offline switch are the browser's doing.
    expect(problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource: net::/.test(problem))).toEqual([]);
    await context.close();
  });
});
