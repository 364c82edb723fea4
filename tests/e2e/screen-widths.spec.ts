/**
 * No screen scrolls sideways: Chromium opens every screen of the route table at a small
 * phone (360×740), a large phone (390×844) and a tablet (768×1024), in English (left to right) and
 * in Arabic (right to left), and fails when `document.documentElement.scrollWidth > innerWidth`,
 * naming the elements that stick out. The public pages are opened signed out, the back-office
 * screens as the demo vendor and the admin's as the demo admin (shell-weight.spec.ts's split).
 *
 * One server and one browser for the file; one test, so one browser context, per width and
 * language, so a failure names the combination. Within it the identities come one after the other
 * (signed out, vendor, admin: a full page load each) and every other screen is reached inside the
 * app (history.pushState and a popstate, as a link does), so the app and its code load once per
 * identity (the stylesheets of the screens before stay loaded, as they do for a person). A screen
 * is measured once it is up: the address is still the screen's (nothing sent the visitor
 * elsewhere), the page is in the language's direction, the navbar carries the screen's title
 * (back-office screens), what the screen shows once its data is in is there (READY), no loading
 * bar, skeleton or spinner shows, no request has been in flight for QUIET_MS and no animation
 * runs. Then the page has a few seconds to fit (a late font or image). Every screen is measured
 * before the test fails, so one failure lists every offender of its width and language.
 *
 * Screenshots (full page) go to test-results/screen-widths/<width>-<lang><path>.png for each
 * screen that scrolls sideways; SCREEN_WIDTHS_SHOTS=all saves one of every screen, for a person
 * to look at (about a tenth of a second each, so not by default).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_TABLE, type RouteEntry } from '../../src/web/app/route-table';
import { launchBrowser, openPage } from './support/browser';
import { demoPassword, signInByApi, type DemoSession } from './support/demo-vendor';
import { READY, startInLanguage, visitScreens } from './support/screens';
import { startServer, type RunningServer } from './support/server';

const SHOTS = path.resolve('test-results/screen-widths');
const ALL_SHOTS = process.env.SCREEN_WIDTHS_SHOTS === 'all';

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
] as const;
const LANGS = ['en', 'ar'] as const;
type Who = 'signed-out' | 'vendor' | 'admin';

let server: RunningServer;
let browser: Browser;
const sessions: Partial<Record<Who, DemoSession>> = {};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The demo accounts (their sign-in printed at info level) live on a fresh embedded database.
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  for (const [who, role] of [['vendor', 'Vendor'], ['admin', 'Admin']] as const) {
    const email = `${who}@truckdesk.demo`;
    sessions[who] = await signInByApi(server, email, demoPassword(server, role, email));
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The address to open for a route: the demo's confirmed job, an unknown quote token. */
function addressOf(routePath: string): string {
  return routePath.replace(':number', '6').replace(':token', 'not-a-token');
}

function whoOpens(route: RouteEntry): Who {
  if (route.layout !== 'dashboard') return 'signed-out';
  return route.path.startsWith('/admin') ? 'admin' : 'vendor';
}

/** The screens in the order they are visited: grouped by who opens them, so each identity starts once. */
const VISITS = (['signed-out', 'vendor', 'admin'] as const).flatMap((who) =>
  ROUTE_TABLE.filter((route) => whoOpens(route) === who).map((route) => ({ route, who, address: addressOf(route.path) })),
);

/** True in the page while the document does not scroll sideways. */
function fitsWidth(): boolean {
  const win = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
  return win.document.documentElement.scrollWidth <= win.innerWidth;
}

/**
 * Measured in the page: how far the document scrolls sideways, and the elements that stick out of
 * the viewport on either side and can widen the page: not clipped by a box that scrolls or hides
 * its overflow (an absolutely positioned element only by one at or above its containing block),
 * nor fixed to the viewport; each the outermost that does (its parent fits, or is clipped itself).
 */
function measureWidth(): { scrollWidth: number; innerWidth: number; offenders: string[] } {
  type Box = { left: number; right: number; width: number; height: number };
  type El = {
    tagName: string;
    id: string;
    parentElement: El | null;
    getAttribute(name: string): string | null;
    getBoundingClientRect(): Box;
  };
  const win = globalThis as unknown as {
    innerWidth: number;
    document: { documentElement: { scrollWidth: number }; body: El & { querySelectorAll(selector: string): Iterable<El> } };
    getComputedStyle(el: El): { overflowX: string; position: string; transform: string };
  };
  const { document, innerWidth } = win;
  const sticksOut = (el: El) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && (box.left < -1 || box.right > innerWidth + 1);
  };
  const clipped = new Map<El, boolean>();
  const isClipped = (el: El): boolean => {
    const known = clipped.get(el);
    if (known !== undefined) return known;
    let position = win.getComputedStyle(el).position;
    let result = position === 'fixed';
    for (let a = el.parentElement; a && a !== document.body && !result; a = a.parentElement) {
      const style = win.getComputedStyle(a);
      // An ancestor below the containing block of an absolutely positioned element does not clip it.
      if (position === 'absolute' && style.position === 'static' && style.transform === 'none') continue;
      if (style.overflowX !== 'visible' || style.position === 'fixed') result = true;
      position = style.position;
    }
    clipped.set(el, result);
    return result;
  };
  const name = (el: El) => {
    const testId = el.getAttribute('data-testid');
    const classes = (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => c && !c.startsWith('css-')).slice(0, 3);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${testId ? `[data-testid=${testId}]` : ''}${classes.map((c) => `.${c}`).join('')}`;
  };
  const offenders: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!sticksOut(el) || isClipped(el)) continue;
    const parent = el.parentElement;
    if (parent && parent !== document.body && sticksOut(parent) && !isClipped(parent)) continue;
    const box = el.getBoundingClientRect();
    const path: string[] = [];
    for (let a: El | null = el; a && a !== document.body && path.length < 4; a = a.parentElement) path.unshift(name(a));
    offenders.push(`${path.join(' > ')} ${Math.round(box.left)}–${Math.round(box.right)}`);
  }
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth, offenders: [...new Set(offenders)].slice(0, 8) };
}

describe('no screen scrolls sideways', () => {
  it('knows what every screen of the route table shows once it is up', () => {
    expect(ROUTE_TABLE.map((route) => route.path).filter((routePath) => !READY[routePath])).toEqual([]);
    expect(Object.keys(READY).filter((routePath) => !ROUTE_TABLE.some((route) => route.path === routePath))).toEqual([]);
  });

  it.each(WIDTHS.flatMap((size) => LANGS.map((lang) => ({ ...size, lang }))))('at $width×$height ($lang)', async ({ width, height, lang }) => {
    const { page, context } = await openPage(browser, server.url, { viewport: { width, height }, serviceWorkers: 'block' });
    await startInLanguage(page, lang);
    const failures: string[] = [];
    await visitScreens(page, VISITS, { lang, sessions, where: `at ${width}×${height} (${lang})` }, async ({ who, address }) => {
      let fits = true;
      try {
        // A layout that settles (a font, an image arriving) has a few seconds to fit.
        await expect.poll(() => page.evaluate(fitsWidth), { timeout: 3_000 }).toBe(true);
      } catch {
        fits = false;
      }
      const shot = path.join(SHOTS, `${width}-${lang}${address.replace(/\//g, '_')}.png`);
      if (!fits || ALL_SHOTS) await page.screenshot({ path: shot, fullPage: true });
      if (!fits) {
        const last = await page.evaluate(measureWidth);
        failures.push(
          `${address} (${who}): scrollWidth ${last.scrollWidth} > innerWidth ${last.innerWidth}; sticking out: ` +
            `${last.offenders.join('; ') || '(none found outside a clipping box)'}; screenshot ${path.relative(process.cwd(), shot)}`,
        );
      }
    });
    await context.close();
    expect(failures, `screens that scroll sideways at ${width}×${height} (${lang}):\n${failures.join('\n')}`).toEqual([]);
  });
});
