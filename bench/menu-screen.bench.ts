/**
 * How the /menu screen feels with 300 items in 40 categories, in Chromium: the time to show the
 * menu, and for each keystroke in the search and each availability tap, how long the browser took
 * to answer it (Event Timing: input delay + handlers + the next paint, the measure behind INP) and
 * when the list showed the result. Run at normal speed and with the CPU slowed four times (a
 * mid-range phone). Prints figures; asserts nothing.
 *
 *   npm run build && node --import tsx bench/menu-screen.bench.ts
 */
import type { Page } from 'playwright-core';
import type { Menu } from '../src/domain/menu';
import { launchBrowser, openPage } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';

const CATEGORIES = 40;
const ITEMS = 300;
const DEMO_TRUCK = '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f';
const QUERY = 'shawarma';
const TAPS = 10;

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const server = await startServer({ LOG_LEVEL: 'info' });
const browser = await launchBrowser();

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** The demo menu grown to the size the issue names, with names that search has to tell apart. */
async function seed(token: string): Promise<void> {
  let menu = await api<Menu>(token, 'GET', `/trucks/${DEMO_TRUCK}/menu`);
  for (let c = menu.categories.length; c < CATEGORIES; c++) {
    await api(token, 'POST', `/trucks/${DEMO_TRUCK}/menu/categories`, { nameEn: `Specials ${c}`, nameAr: `عروض ${c}` });
  }
  menu = await api<Menu>(token, 'GET', `/trucks/${DEMO_TRUCK}/menu`);
  const dishes = ['shawarma', 'falafel', 'karak', 'burger', 'saj', 'fattoush', 'mandi', 'machboos'];
  for (let n = menu.items.length; n < ITEMS; n++) {
    const dish = dishes[n % dishes.length]!;
    await api(token, 'POST', `/trucks/${DEMO_TRUCK}/menu/items`, {
      categoryId: menu.categories[n % CATEGORIES]!.id,
      nameEn: `${dish} special ${n}`,
      nameAr: `طبق ${n}`,
      descriptionEn: 'House recipe, made fresh every evening.',
      priceMinor: 500 + n * 5,
      tags: n % 2 ? ['halal'] : ['vegetarian'],
      optionGroups: n % 4 ? [] : [{ nameEn: 'Size', required: true, minSelections: 1, maxSelections: 1, options: [{ nameEn: 'Regular' }, { nameEn: 'Large', priceDeltaMinor: 250 }] }],
    });
  }
}

/**
 * In the page: for every keystroke or tap, the time from the input event to the first frame painted
 * after the screen changed (a mutation in the list, then the next animation frame), and the
 * interaction's Event Timing duration (input delay + handlers + presentation, grouped as INP does).
 */
// Plain JavaScript run in the page: this program has no DOM types, and tsx would add helpers the page lacks.
const PROBE = `(changed) => {
  window.__latencies = [];
  window.__interactions = new Map();
  let inputAt = null;
  const mark = () => (inputAt = performance.now());
  document.addEventListener('keydown', mark, true);
  document.addEventListener('pointerdown', mark, true);
  const soldOut = () => document.querySelectorAll('[data-testid="sold-out-tag"]').length;
  let lastSoldOut = soldOut();
  new MutationObserver(() => {
    if (inputAt === null) return;
    if (changed === 'sold-out') {
      const now = soldOut();
      if (now === lastSoldOut) return;
      lastSoldOut = now;
    }
    const from = inputAt;
    inputAt = null;
    requestAnimationFrame(() => window.__latencies.push(performance.now() - from));
  }).observe(document.querySelector(changed === 'count' ? '.td-menu-bulk__count' : '.td-menu-main'), { characterData: true, childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      window.__interactions.set(entry.interactionId, Math.max(window.__interactions.get(entry.interactionId) ?? 0, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16 });
}`;

/**
 * For every keystroke or tap: the time from the input event to the first frame painted after the
 * screen changed (a mutation in the list, then the next animation frame), and the interaction's
 * Event Timing duration (input delay + handlers + presentation, grouped as INP groups them).
 */
async function installProbes(page: Page, changed: 'count' | 'sold-out'): Promise<void> {
  await page.evaluate(`(${PROBE})(${JSON.stringify(changed)})`);
}

const readProbes = (page: Page): Promise<{ latencies: number[]; interactions: number[] }> =>
  page.evaluate('({ latencies: window.__latencies, interactions: [...window.__interactions.values()] })');

const ms = (value: number) => `${value.toFixed(0)} ms`;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
const summary = (values: number[]) => (values.length ? `median ${ms(percentile(values, 50))}, max ${ms(Math.max(...values))}` : 'none over 16 ms');

async function run(token: string, user: unknown, accessList: unknown, cpuSlowdown: number): Promise<void> {
  const { page, context, problems } = await openPage(browser, server.url);
  await page.addInitScript(
    ({ token, user, accessList, truckId }) => {
      const { localStorage } = globalThis as unknown as { localStorage: KeyValueStore };
      localStorage.setItem('Token', token);
      localStorage.setItem('userModel', JSON.stringify({ isLogin: true }));
      localStorage.setItem('user_details', JSON.stringify(user));
      localStorage.setItem('access_list_data', JSON.stringify(accessList));
      localStorage.setItem('role', JSON.stringify(['Vendor']));
      localStorage.setItem('current_truck', truckId);
    },
    { token, user, accessList, truckId: DEMO_TRUCK },
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

  const started = Date.now();
  await page.goto('/menu');
  await page.getByTestId('menu-item').nth(ITEMS - 1).waitFor({ state: 'attached', timeout: 60_000 });
  const shown = Date.now() - started;

  await installProbes(page, 'count');
  const search = page.getByTestId('menu-search');
  await search.click();
  for (const key of QUERY) {
    await page.keyboard.type(key);
    await page.waitForTimeout(150);
  }
  const typing = await readProbes(page);
  await search.fill('');
  await page.waitForTimeout(300);

  await installProbes(page, 'sold-out');
  const available = page.getByTestId('menu-item').filter({ has: page.locator('[data-testid="availability"][data-state="available"]') });
  for (let n = 0; n < TAPS; n++) {
    const count = await page.getByTestId('sold-out-tag').count();
    await available.nth(n * 4).getByTestId('sold-out-today').click();
    await page.getByTestId('sold-out-tag').nth(count).waitFor({ state: 'attached' });
    await page.waitForTimeout(150);
  }
  const taps = await readProbes(page);

  console.log(`\nCPU ×${cpuSlowdown}: ${ITEMS} items in ${CATEGORIES} categories on screen ${ms(shown)} after navigation (sign-in check, trucks, menu, render)`);
  console.log(`  search, ${QUERY.length} keystrokes: keystroke to filtered list painted ${summary(typing.latencies)}; Event Timing per keystroke ${summary(typing.interactions)}`);
  console.log(`  availability, ${TAPS} taps: tap to sold-out tag painted ${summary(taps.latencies)}; Event Timing per tap ${summary(taps.interactions)}`);
  if (problems.length) console.log(`  problems: ${problems.join('; ')}`);
  // Back to available, so the next run starts from the same menu.
  const menu = await api<Menu>(token, 'GET', `/trucks/${DEMO_TRUCK}/menu`);
  await api(token, 'POST', `/trucks/${DEMO_TRUCK}/menu/availability`, { state: 'available', itemIds: menu.items.filter((i) => i.soldOutUntil !== null).map((i) => i.id) });
  await context.close();
}

try {
  const password = server.output().match(/Demo sign-in \(Vendor\): vendor@truckdesk\.demo \/ ([\w-]+)/)?.[1];
  const signIn = await fetch(`${server.url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'vendor@truckdesk.demo', password }),
  });
  const session = (await signIn.json()) as { token: string; user: unknown; accessList: unknown };
  await seed(session.token);
  for (const slowdown of [1, 4]) await run(session.token, session.user, session.accessList, slowdown);
} finally {
  await browser.close();
  await server.stop();
}
