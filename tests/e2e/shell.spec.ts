/**
 * The application shell in Chromium: routes and the not-found page, the loading bar, the scroll
 * reset, the sidebar (selection, collapse, drawer on small screens), phone and tablet widths, and
 * corrupt local storage.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { signInTab } from './support/demo-vendor';
import { DEMO_TRUCK } from './support/demo-truck';
import { startServer, type RunningServer } from './support/server';
import { gotoScreen, openWithStorage, reloadScreen, shellProblems, waitForScreen } from './support/shell';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Info level: the demo vendor's password is printed there.
  server = await startServer({ LOG_LEVEL: 'info' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const SEED_SCREENS = ['/home', '/truck-info', '/truck-register', '/user-profile', '/menu', '/orders', '/delivery-zones', '/operating-hours', '/booking-details'];

/** The seed's screens and layouts: docs/product.md §6.2. */
describe('the shell', () => {
  it('serves every dashboard screen of the seed, and /jobs/{n}, in the dashboard layout', async () => {
    const { page, problems, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    for (const path of [...SEED_SCREENS, '/jobs/12']) {
      await gotoScreen(page, path);
      await expect.poll(() => page.locator('[data-testid=navbar] h1').textContent(), { message: path }).not.toBe('');
      await page.getByTestId('sidebar').waitFor();
    }
    expect(shellProblems(problems)).toEqual([]);
    await context.close();
  });

  it("reads the session and the user's trucks once as a screen loads: the page starts both, the app takes them (app/early-reads.ts)", async () => {
    const { page, problems, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'GET' && (pathname === '/api/v1/me' || pathname === '/api/v1/trucks')) reads.push(pathname);
    });
    await gotoScreen(page, '/home');
    // Both were started by index.html (nothing left untaken) and asked for by the app, which did not ask again.
    await expect.poll(() => page.evaluate(() => Object.keys((globalThis as unknown as { __tdEarlyReads: { reads: object } }).__tdEarlyReads.reads))).toEqual([]);
    expect(reads.sort()).toEqual(['/api/v1/me', '/api/v1/trucks']);
    expect(shellProblems(problems)).toEqual([]);
    await context.close();
  });

  it("starts each screen's own first reads with the page, before the app's code, and the screen takes them all", async () => {
    const { page, problems, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    const truckReads: Record<string, string[]> = {
      '/home': ['/home'],
      '/orders': ['/orders/desk', '/orders?tab=pending&limit=30', '/orders/counts'],
      '/menu': ['/menu'],
      '/delivery-zones': ['/zones'],
      '/booking-details': ['/bookings/desk', '/bookings?tab=pending&limit=30', '/bookings/counts'],
    };
    const truckId = DEMO_TRUCK.id;
    for (const [path, reads] of Object.entries(truckReads)) {
      await gotoScreen(page, path);
      // Nothing the page started is left untaken: each was a read the screen asked for.
      await expect.poll(() => page.evaluate(() => Object.keys((globalThis as unknown as { __tdEarlyReads: { reads: object } }).__tdEarlyReads.reads)), { message: path }).toEqual([]);
      // And the page did start them: while it was still being parsed, before any of the app's code ran
      // (a module script runs once the page is parsed).
      const started = await page.evaluate(() => {
        const timing = (globalThis as unknown as { performance: { getEntriesByType(type: string): { name: string; startTime: number; domInteractive?: number }[] } }).performance;
        const [navigation] = timing.getEntriesByType('navigation');
        return timing
          .getEntriesByType('resource')
          .filter((entry) => navigation && entry.startTime < (navigation.domInteractive ?? 0))
          .map((entry) => new URL(entry.name).pathname + new URL(entry.name).search);
      });
      expect(started, path).toEqual(expect.arrayContaining(['/api/v1/me', '/api/v1/trucks', ...reads.map((read) => `/api/v1/trucks/${truckId}${read}`)]));
    }
    expect(shellProblems(problems)).toEqual([]);
    await context.close();
  });

  it('shows the not-found page on an unknown path, which the server answers 404', async () => {
    const { page, context } = await openPage(browser, server.url);
    expect((await page.goto('/no/such/page'))?.status()).toBe(404);
    await waitForScreen(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await expect.poll(() => page.title()).toBe('Page not found · TruckDesk');
    await context.close();
  });

  it("shows the thin loading bar while a screen's code loads", async () => {
    const { page, problems, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    // Hold back every script from now on, so the next screen's code is still loading when we look.
    // Hold back every script from now on until the bar has been measured, so the next screen's
    // code is still loading when we look (a timer would guess how long "long enough" is).
    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
    const bar = page.getByTestId('loading-bar');
    await bar.waitFor({ state: 'visible' });
    const box = await bar.boundingBox();
    expect(box?.y).toBe(0);
    expect(box?.height).toBeLessThanOrEqual(4);
    releaseScripts();
    await bar.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid=navbar] h1').textContent()).toBe('Orders');
    expect(shellProblems(problems)).toEqual([]);
    await context.close();
  });

  it('scrolls to the top on every path change', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { getElementById(id: string): { append(node: unknown): void }; createElement(tag: string): { style: { blockSize: string } } } }).document;
      const filler = doc.createElement('div');
      filler.style.blockSize = '4000px';
      doc.getElementById('main').append(filler);
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 2000);
    });
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBeGreaterThan(1000);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Menu' }).click();
    await page.waitForURL('**/menu');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
    await context.close();
  });

  it('selects the sidebar entry of the route, and keeps a collapsed sidebar collapsed after a reload', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await gotoScreen(page, '/operating-hours');
    await expect.poll(() => page.getByTestId('sidebar').locator('[aria-current=page]').textContent()).toBe('Operating hours');
    const sidebar = page.getByTestId('sidebar');
    const width = async () => (await sidebar.boundingBox())?.width;
    // The Sider's width is final once its transition has ended; its first reading may be mid-way.
    await expect.poll(width).toBe(250);
    await page.getByRole('button', { name: 'Collapse the sidebar' }).click();
    await expect.poll(width).toBeLessThan(125);
    await reloadScreen(page);
    await expect.poll(width).toBeLessThan(125);
    await page.getByRole('button', { name: 'Expand the sidebar' }).waitFor();
    await context.close();
  });

  it.each([
    ['small phone', { width: 360, height: 740 }],
    ['phone', { width: 390, height: 844 }],
    ['tablet', { width: 768, height: 1024 }],
  ])('is usable on a %s: no sideways scrolling, navigation in a drawer', async (_name, viewport) => {
    const { page, problems, context } = await openPage(browser, server.url, { viewport });
    // Signed in: the truck switcher is in the navbar, as a vendor sees it.
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    await page.getByTestId('truck-switcher').waitFor();
    for (const name of ['Open navigation', 'Display settings', 'Account menu']) await page.getByRole('button', { name }).waitFor();
    await page.getByTestId('language-switch').waitFor();
    const overflow = () =>
      page.evaluate(() => {
        const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
        return root.scrollWidth - root.clientWidth;
      });
    await expect.poll(overflow).toBe(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bookings' }).click();
    await page.waitForURL('**/booking-details');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid=navbar] h1').textContent()).toBe('Bookings');
    expect(shellProblems(problems)).toEqual([]);
    await context.close();
  });

  it('starts with the defaults when every saved value is corrupt', async () => {
    const { page, problems, context } = await openPage(browser, server.url);
    const garbage = '{"broken": ';
    await openWithStorage(page, '/home', {
      Token: 'not-a-jwt',
      userModel: garbage,
      role: garbage,
      user_details: garbage,
      access_list_data: garbage,
      lang_dir: garbage,
      sidebar: garbage,
      ui_settings: garbage,
    });
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { dir: string } } }).document.documentElement.dir)).toBe('ltr');
    await expect.poll(() => page.locator('[data-testid=navbar] h1').textContent()).toBe('Home');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').count()).toBe([...SEED_SCREENS, '/promotions'].length);
    expect(shellProblems(problems)).toEqual([]);
    await context.close();
  });
});
