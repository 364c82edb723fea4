/**
 * The installable app in Chromium: the manifest (names in both languages, icons, theme colour), the
 * service worker precaching the shell and the screens so a second visit takes no JavaScript from the
 * network, API answers never served from its cache, and an update offered as "a new version is
 * ready — reload" (in English and Arabic) instead of swapping the running app.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arShell from '../../src/domain/i18n/ar/shell.json';
import enShell from '../../src/domain/i18n/en/shell.json';
import { launchBrowser, openPage, type WatchedPage } from './support/browser';
import { DEMO_TRUCK } from './support/demo-orders';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';

const SW_FILE = path.resolve('dist/web/sw.js');

// Playwright attaches to every service worker and, unless told not to, routes each request the
// worker makes through this process (the page's map-tile route applies to it too): the first install
// fetches the 236 precached files that way, one round trip through the test's process each. Under
// load that made the install 1.5 times as long (medians of 4: 4.6 s against 3.1 s without) and, once
// beside other journeys, over a minute. These journeys check the page's requests, never the worker's.
process.env.PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK = '1';

let server: RunningServer;
let browser: Browser;
let session: DemoSession;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page's service worker container (this program has no DOM types; the functions run in the page). */
interface InPage {
  navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown; getRegistration(): Promise<{ update(): Promise<unknown> } | undefined> } };
}

/** Waits until a service worker controls the page (the first visit installs it; a reload puts it in charge). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as unknown as InPage).navigator.serviceWorker.ready.then(() => true), undefined, { timeout: 30_000 });
  await page.reload();
  await page.waitForFunction(() => (globalThis as unknown as InPage).navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The shell's live stream: open as long as the screen is (src/web/app/truck-stream.ts). */
const LIVE_STREAM = /\/api\/v1\/trucks\/[^/]+\/events\?/;

/**
 * Waits until the order dashboard runs as a vendor finds it when an update comes: its live stream
 * open, and no other request for a second (the screen's first reads, and the reload the stream's
 * `ready` asks for, are done). Chromium hands the page to the new worker once the old one has
 * stopped; a request of the page landing as it stops starts it again, and a worker started again
 * while DevTools is attached (Playwright attaches to every worker) is kept running until Chromium's
 * five-minute limit, so Reload clicked during the screen's first reads waited that long on a loaded
 * machine (decision 013).
 */
async function dashboardRunning({ page, inFlight }: WatchedPage): Promise<void> {
  let lastRequest = Date.now();
  const seen = (request: Request) => {
    if (!LIVE_STREAM.test(request.url())) lastRequest = Date.now();
  };
  page.on('request', seen).on('requestfinished', seen).on('requestfailed', seen);
  try {
    await page.locator('[data-testid="orders-live"][data-status="live"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => [...inFlight].every((request) => LIVE_STREAM.test(request)) && Date.now() - lastRequest >= 1_000, { timeout: 30_000 }).toBe(true);
  } finally {
    page.off('request', seen).off('requestfinished', seen).off('requestfailed', seen);
  }
}

describe('the installable app', () => {
  it('has a manifest with both languages’ names, icons and the theme colour', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      theme_color: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
      translations: { ar: { name: string } };
    };
    expect(manifest).toMatchObject({ name: 'TruckDesk', theme_color: '#2e7d32', start_url: '/home', display: 'standalone' });
    expect(manifest.translations.ar.name).toBe('TruckDesk');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await fetch(`${server.url}${icon.src}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    }
  });

  it('starts a second visit without JavaScript from the network, and never answers the API from its cache', async () => {
    const { page, context, problems } = await openPage(browser, server.url, { serviceWorkers: 'allow' });
    await seedSession(page, session, 'en', DEMO_TRUCK.id);
    await page.goto('/orders');
    await controlled(page);

    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    // The menu screen's first API answer, then a settled network: the screen's scripts and reads are all in.
    const menuRead = page.waitForResponse((response) => /^\/api\/v1\/trucks\/[^/]+\/menu$/.test(new URL(response.url()).pathname), { timeout: 30_000 });
    await page.goto('/menu');
    await menuRead;
    await page.waitForLoadState('networkidle');
    const scripts = responses.filter((response) => response.request().resourceType() === 'script');
    const api = responses.filter((response) => new URL(response.url()).pathname.startsWith('/api/'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((response) => !response.fromServiceWorker()).map((response) => response.url())).toEqual([]);
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter((response) => response.fromServiceWorker()).map((response) => response.url())).toEqual([]);
    // Leaving /orders by a full page load cuts its stream's requests short (the ticket POST included).
    expect(problems.filter((problem) => !/net::ERR_ABORTED/.test(problem))).toEqual([]);
    await context.close();
  });

  it.each([
    { lang: 'en', shell: enShell },
    { lang: 'ar', shell: arShell },
  ] as const)('offers a new version with a reload, leaving the running app alone until then ($lang)', async ({ lang, shell }) => {
    const original = readFileSync(SW_FILE, 'utf8');
    const watched = await openPage(browser, server.url, { serviceWorkers: 'allow' });
    const { page, context } = watched;
    try {
      await seedSession(page, session, lang, DEMO_TRUCK.id);
      await page.goto('/orders');
      await controlled(page);
      await dashboardRunning(watched);

      // A new build: the served worker changes (its precompressed copies would still say the old one).
      writeFileSync(SW_FILE, `${original}\n// next version ${Date.now()}\n`);
      rmSync(`${SW_FILE}.br`, { force: true });
      rmSync(`${SW_FILE}.gz`, { force: true });
      await page.evaluate(() => (globalThis as unknown as InPage).navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));

      const notice = page.getByTestId('app-update');
      await notice.waitFor({ timeout: 30_000 });
      await expect.poll(() => notice.textContent()).toContain(shell.update.ready);
      expect(page.url()).toMatch(/\/orders$/);
      await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), notice.getByRole('button', { name: shell.update.reload }).click()]);
      await page.waitForFunction(() => (globalThis as unknown as InPage).navigator.serviceWorker.controller !== null);
      await page.getByTestId('app-update').waitFor({ state: 'detached' });
    } finally {
      writeFileSync(SW_FILE, original);
      await context.close();
    }
  });
});
