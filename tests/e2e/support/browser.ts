/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). Every page records
 * console errors and failed requests so a journey can fail on them.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
}

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  /** Lets a test inject scripts (axe-core) past the app's Content-Security-Policy. */
  bypassCSP?: boolean;
  /** Browser permissions for the app's origin, e.g. the clipboard. */
  permissions?: string[];
}

export async function openPage(browser: Browser, baseURL: string, options: OpenPageOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1366, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
  });
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: baseURL });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A read cut off by a reload or by the app leaving the screen is the browser's doing, not a fault.
    if (request.method() === 'GET' && reason === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return { page, context, problems };
}
