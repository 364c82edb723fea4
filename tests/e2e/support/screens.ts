/**
 * Visiting every screen of the route table in one tab, for the journeys that check each screen as
 * it loads (screen-widths.spec.ts, accessibility.spec.ts): the first screen of an identity is a full
 * page load with its session stored, every other one is reached inside the app (history.pushState
 * and a popstate, as a link does), so the app and its code load once per identity. A screen counts
 * as up once the address is still the screen's (nothing sent the visitor elsewhere), the page is in
 * the language's direction, the navbar carries the screen's title (back-office screens), what the
 * screen shows once its data is in is there (READY), no loading bar, skeleton or spinner shows, no
 * request has been in flight for QUIET_MS and no animation runs.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RouteEntry } from '../../../src/web/app/route-table';
import arCommon from '../../../src/domain/i18n/ar/common.json';
import enCommon from '../../../src/domain/i18n/en/common.json';
import { DEMO_TRUCK } from './demo-truck';
import type { DemoSession } from './demo-vendor';
import { waitForAnimations } from './shell';

export type Lang = 'en' | 'ar';

/** How long no request runs before a screen counts as loaded (Playwright's 'networkidle' waits 500 ms, a page load's). */
const QUIET_MS = 200;

/** What each screen shows once its data is in (the content journeys of its feature wait for). */
export const READY: Record<string, string> = {
  '/': '[data-testid=open-sign-in]',
  '/new-signup': '#sign-up',
  '/home': '[data-testid=home-truck]',
  '/truck-info': '[data-testid=truck-info]',
  '/truck-register': '[data-testid=wizard], [data-testid=wizard-start], [data-testid=wizard-submitted]',
  '/user-profile': '#profile_fullName',
  '/menu': '[data-testid=menu-item]',
  '/orders': '[data-testid=orders-live]',
  '/delivery-zones': '[data-testid=zone-map] .td-map-marker--base',
  '/operating-hours': '[data-testid=hours-save-bar]',
  '/booking-details': '[data-testid=bookings-live]',
  '/promotions': '[data-testid=promotion-card], [data-testid=promotions-empty]',
  '/invite': '[data-testid=invitation-state]',
  '/jobs/:number': '[data-testid=booking-panel]',
  '/booking-quote/:token': '[data-testid=quote-invalid]',
  '/admin/reviews': '[data-testid=admin-trucks]',
};

const TITLES: Record<Lang, Record<string, string>> = { en: enCommon.routes, ar: arCommon.routes };

/** The navbar's title of a back-office route (its catalogue entry; /jobs/:number is titled /jobs). */
function titleOf(route: RouteEntry, lang: Lang): string {
  const key = route.path.startsWith('/jobs/') ? '/jobs' : route.path;
  const title = TITLES[lang][key];
  if (!title) throw new Error(`no title for ${route.path} in ${lang}/common.json`);
  return title;
}

interface KeyValueStore {
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Every page load of this tab starts in `lang` (the app's stored choice of language and direction). */
export async function startInLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((dir) => {
    const { localStorage } = globalThis as unknown as { localStorage: KeyValueStore };
    localStorage.setItem('lang_dir', dir);
  }, JSON.stringify(lang === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' }));
}

/** Replaces the stored session (none: signed out) under the app's keys; the next page load starts with it. */
async function storeSession(page: Page, session: DemoSession | undefined): Promise<void> {
  await page.evaluate(
    ({ session, truckId }) => {
      const { localStorage } = globalThis as unknown as { localStorage: KeyValueStore };
      const keys = ['Token', 'userModel', 'user_details', 'access_list_data', 'role', 'current_truck'];
      for (const key of keys) localStorage.removeItem(key);
      if (!session) return;
      localStorage.setItem('Token', session.token);
      localStorage.setItem('userModel', JSON.stringify({ isLogin: true }));
      localStorage.setItem('user_details', JSON.stringify(session.user));
      localStorage.setItem('access_list_data', JSON.stringify(session.accessList));
      localStorage.setItem('role', JSON.stringify(session.user.roles));
      if (truckId) localStorage.setItem('current_truck', truckId);
    },
    // An admin works on no truck of their own (with the demo truck as theirs, the admin's /home left a read of its summary open for good).
    { session: session ?? null, truckId: session?.user.roles.includes('Admin') ? null : DEMO_TRUCK.id },
  );
}

/** Goes to `address` inside the app, as a link does (the router follows the history). */
async function navigateInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((address) => {
    const win = globalThis as unknown as {
      history: { pushState(data: unknown, unused: string, url: string): void };
      dispatchEvent(event: unknown): boolean;
      PopStateEvent: new (type: string) => unknown;
    };
    win.history.pushState({}, '', address);
    win.dispatchEvent(new win.PopStateEvent('popstate'));
  }, address);
}

interface ScreenExpectation {
  address: string;
  dir: string;
  /** The navbar's title; null on a page without the navbar. */
  title: string | null;
  ready: string;
}

/** What a route's screen shows at `address` once it is up, in `lang`. */
function expectationOf(route: RouteEntry, address: string, lang: Lang): ScreenExpectation {
  return { address, dir: lang === 'ar' ? 'rtl' : 'ltr', title: route.layout === 'dashboard' ? titleOf(route, lang) : null, ready: READY[route.path] ?? '#main' };
}

/**
 * True in the page once the screen at `address` is up: the router shows it (no redirect), the page
 * is in the expected direction, the navbar carries its title, its content is in place, and neither
 * the loading bar, the page overlay nor a skeleton or spinner in the content shows.
 */
function screenUp({ address, dir, title, ready }: ScreenExpectation): boolean {
  type Node = { textContent: string | null };
  const { location, document } = globalThis as unknown as {
    location: { pathname: string };
    document: { documentElement: { dir: string }; querySelector(selector: string): Node | null };
  };
  // The address may carry a query (a quote link's ?lang=); the router keeps the path.
  if (location.pathname !== address.split('?')[0] || document.documentElement.dir !== dir) return false;
  if (title !== null && document.querySelector('.td-navbar__title')?.textContent !== title) return false;
  if (!document.querySelector(ready)) return false;
  return !document.querySelector('[data-testid=loading-bar], [data-testid=page-overlay], #main .ant-skeleton, #main .ant-spin-spinning');
}

/**
 * Watches the tab's requests (but for the live streams, which stay open) from now on; the function
 * returned is true while none is in flight and none started or ended for QUIET_MS.
 */
function watchQuiet(page: Page): () => boolean {
  const inFlight = new Set<object>();
  let lastActivity = Date.now();
  const track = (request: { resourceType(): string }, start: boolean) => {
    if (request.resourceType() === 'eventsource') return;
    if (start) inFlight.add(request);
    else inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('request', (request) => track(request, true));
  page.on('requestfinished', (request) => track(request, false));
  page.on('requestfailed', (request) => track(request, false));
  return () => inFlight.size === 0 && Date.now() - lastActivity >= QUIET_MS;
}

/** Waits until the screen is up (screenUp), then for no request for a moment and no running animation. */
async function waitForScreenUp(page: Page, expected: ScreenExpectation, quiet: () => boolean, where: string): Promise<void> {
  await page.waitForFunction(screenUp, expected, { timeout: 30_000, polling: 'raf' }).catch(async (error: unknown) => {
    throw new Error(`${expected.address} did not come up ${where}, showing ${page.url()}: ${String(error)}`);
  });
  await expect.poll(() => quiet() && page.evaluate(screenUp, expected), { timeout: 30_000 }).toBe(true);
  await waitForAnimations(page);
}

export interface Visit<Who extends string> {
  route: RouteEntry;
  who: Who;
  address: string;
  /** What the screen shows once up at this address, where it is not the route's READY (a valid quote's page). */
  ready?: string;
}

/**
 * Opens each screen in turn in this tab and calls `check` once it is up. Visits of one identity
 * come together: its session is stored (none: signed out) and its first screen fully loaded, then
 * the others are reached inside the app.
 */
export async function visitScreens<Who extends string>(
  page: Page,
  visits: readonly Visit<Who>[],
  options: { lang: Lang; sessions: Partial<Record<Who, DemoSession>>; where: string },
  check: (visit: Visit<Who>) => Promise<void>,
): Promise<void> {
  const quiet = watchQuiet(page);
  let identity: Who | undefined;
  for (const visit of visits) {
    if (visit.who !== identity) {
      const session = options.sessions[visit.who];
      // A fresh tab is signed out; local storage needs a page of the app's origin.
      if (identity !== undefined || session) {
        if (identity === undefined) await page.goto('/');
        await storeSession(page, session);
      }
      await page.goto(visit.address);
      identity = visit.who;
    } else {
      await navigateInApp(page, visit.address);
    }
    const expected = expectationOf(visit.route, visit.address, options.lang);
    await waitForScreenUp(page, visit.ready ? { ...expected, ready: visit.ready } : expected, quiet, options.where);
    await check(visit);
  }
}
