/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). Every page records
 * console errors and failed requests so a journey can fail on them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's flags for every automated run (journeys and the Lighthouse benchmark). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  problems: string[];
  /** Requests the page has sent and not yet finished ("GET http://…"): the live streams among them. */
  inFlight: ReadonlySet<string>;
}

/** The request for a live stream's single-use ticket (src/server/platform/events.routes.ts). */
const STREAM_TICKET = /\/api\/v1\/trucks\/[^/]+\/events\/ticket$/;

/** OpenStreetMap's tile server, the maps' default: never reached from a test (the machine may have no internet). */
export const OSM_TILES = 'https://tile.openstreetmap.org/**';
/** A 1×1 PNG, the local stand-in for every map tile. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mPk+89QDwAFcgIvAtDmGgAAAABJRU5ErkJggg==', 'base64');

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  /** Lets a test inject scripts (axe-core) past the app's Content-Security-Policy. */
  bypassCSP?: boolean;
  /** Browser permissions for the app's origin, e.g. the clipboard. */
  permissions?: string[];
  /** 'fail': map tiles cannot load (the tile server refuses), to show the maps work without them. Default: a local stub answers. */
  tiles?: 'stub' | 'fail';
  /**
   * 'allow': the app's service worker registers and precaches every screen's code (~2.3 MB), as on a
   * real first visit. Only the journeys about the installed app ask for it: done in every fresh context,
   * that download and its storing cost more CPU than many a journey's own steps. Default 'block'.
   */
  serviceWorkers?: 'allow' | 'block';
}

export async function openPage(browser: Browser, baseURL: string, options: OpenPageOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1366, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: baseURL });
  await context.route(OSM_TILES, (route) =>
    options.tiles === 'fail' ? route.fulfill({ status: 503, body: '' }) : route.fulfill({ contentType: 'image/png', body: TILE_PNG }),
  );
  const page = await context.newPage();
  // E2E_CPU_THROTTLE=N runs the page's script N times slower (Chromium's own CPU throttling): the
  // loaded machine a journey must also pass on, on demand, to find tests that read the page too early.
  const throttle = Number(process.env.E2E_CPU_THROTTLE ?? '1');
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A read cut off by a reload or by the app leaving the screen is the browser's doing, not a fault.
    // A live stream's ticket is a read made by POST: the shell asks for one after the screen has
    // settled (its stream starts once the truck is known), so a test going on to the next screen at
    // that moment cuts it, as a vendor's click would (CI's shell journey, once in a loaded run).
    if ((request.method() === 'GET' || STREAM_TICKET.test(request.url())) && reason === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  // Requests still open when a test fails: a screen waiting on a script or an answer that never came.
  const inFlight = new Set<string>();
  const settled = (request: { method(): string; url(): string }) => inFlight.delete(`${request.method()} ${request.url()}`);
  page.on('request', (request) => inFlight.add(`${request.method()} ${request.url()}`));
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  reportOnFailure(page, problems, inFlight);
  return { page, context, problems, inFlight };
}

/** Where a failed journey leaves what its page showed: CI keeps .cache/test-logs. */
const FAILURES = path.resolve('.cache', 'test-logs', 'e2e-failures');

/**
 * A journey that fails on a loaded machine once in hundreds of runs cannot be re-run to be
 * understood: what the page showed when the test gave up (a screenshot, its HTML, its address and the
 * console errors and failed requests so far) is kept and printed instead.
 */
function reportOnFailure(page: Page, problems: string[], inFlight: Set<string>): void {
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      const name = `${task.file.name.replace(/\W+/g, '-')}--${task.name.replace(/\W+/g, '-').slice(0, 80)}-${Date.now()}`;
      mkdirSync(FAILURES, { recursive: true });
      const file = path.join(FAILURES, name);
      await page.screenshot({ path: `${file}.png`, fullPage: true }).catch(() => undefined);
      const html = await page.content().catch(() => '');
      writeFileSync(`${file}.html`, html);
      console.error(
        `Failed at ${page.url()}; the page as it was: ${file}.png / .html\n` +
          `Problems so far:\n${problems.length > 0 ? problems.join('\n') : '(none)'}\n` +
          `Requests still open (the live streams among them):\n${inFlight.size > 0 ? [...inFlight].join('\n') : '(none)'}`,
      );
    });
  } catch {
    // Opened outside a test (a beforeAll): there is no test whose failure to report.
  }
}
