/**
 * Issue #49, in English and in Arabic, as the demo vendor:
 * - /menu on a 360 px phone: the categories are one row of chips above the items that scrolls
 *   sideways by itself (from the right in Arabic), the page never does, and the row stays out of the
 *   items' way (it floated over them as a sticky card); a chip far along the row is reached by
 *   scrolling the row and chosen, and the list shows its items.
 * - The sidebar at a counter tablet's width (1100 px): folded at first, unfolded from the navbar and
 *   staying so from screen to screen, apart from the wide screens' saved choice, folded again when
 *   the page is opened anew (the sidebar slice holds both, sidebar.slice.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { DEMO_TRUCK } from './support/demo-truck';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { waitForAnimations } from './support/shell';

const PHONE = { width: 360, height: 760 };

let server: RunningServer;
let browser: Browser;
let session: DemoSession;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info', DEMO_SIMULATOR: 'off' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

interface Scroller {
  scrollWidth: number;
  clientWidth: number;
  scrollLeft: number;
}
/** How far the page scrolls sideways, and how far the strip of chips does. */
const widths = (page: Page) =>
  page.evaluate(() => {
    const { document } = globalThis as unknown as { document: { documentElement: Scroller; querySelector(selector: string): Scroller } };
    const strip = document.querySelector('.td-menu-categories ul');
    return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, strip: strip.scrollWidth - strip.clientWidth };
  });

describe.each(['en', 'ar'] as const)('/menu on a 360 px phone (%s)', (lang) => {
  it('shows the categories as one sideways-scrolling row of chips that stays out of the items’ way', async () => {
    const { page, context, problems } = await openPage(browser, server.url, { viewport: PHONE });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await seedSession(page, session, lang, DEMO_TRUCK.id);
    await page.goto('/menu');
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    const rows = page.getByTestId('menu-item');
    await rows.first().waitFor();
    await waitForAnimations(page);

    // One row: every chip at the same height, the row scrolling sideways while the page does not.
    const chips = page.locator('.td-menu-categories .td-menu-category__choose');
    const count = await chips.count();
    expect(count).toBeGreaterThanOrEqual(6);
    const boxes = await Promise.all((await chips.all()).map(async (chip) => (await chip.boundingBox())!));
    for (const box of boxes) expect(Math.abs(box.y - boxes[0]!.y)).toBeLessThan(2);
    // Touch-sized, and in reading order: from the left in English, from the right in Arabic.
    for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(44);
    expect(lang === 'ar' ? boxes[1]!.x < boxes[0]!.x : boxes[1]!.x > boxes[0]!.x).toBe(true);
    const scrolled = await widths(page);
    expect(scrolled.page).toBeLessThanOrEqual(0);
    expect(scrolled.strip).toBeGreaterThan(0);

    // Above the items, not over them: the strip is short and the first item starts below it.
    const strip = (await page.locator('.td-menu-categories').boundingBox())!;
    expect(strip.height).toBeLessThanOrEqual(100);
    await expect.poll(async () => (await rows.first().boundingBox())!.y).toBeGreaterThanOrEqual(strip.y + strip.height - 1);
    // Scrolled down to the items, nothing of the categories lies over them.
    const later = rows.nth(8);
    await later.scrollIntoViewIfNeeded();
    const stripNow = (await page.locator('.td-menu-categories').boundingBox())!;
    expect(overlap(stripNow, (await later.boundingBox())!)).toBe(false);

    // The last category, off screen at first: reached by scrolling the row, and chosen.
    const last = chips.nth(count - 1);
    await last.scrollIntoViewIfNeeded();
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.x).toBeGreaterThanOrEqual(0);
    expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(PHONE.width);
    const shownCount = Number((await last.locator('.td-menu-category__count').textContent())!.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)));
    await last.click();
    await expect.poll(() => last.getAttribute('aria-pressed')).toBe('true');
    // The list keeps every row and hides the others: the ones shown are the category's.
    await expect.poll(() => page.locator('[data-testid=menu-item]:visible').count()).toBe(shownCount);
    expect((await widths(page)).page).toBeLessThanOrEqual(0);

    expect(pageErrors).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

const COUNTER = { width: 1100, height: 800 };
const sidebarWidth = async (page: Page) => (await page.getByTestId('sidebar').boundingBox())!.width;

describe.each(['en', 'ar'] as const)('the sidebar at a counter width (%s)', (lang) => {
  it('starts folded, unfolds for the visit from screen to screen, and leaves the wide screens’ choice alone', async () => {
    const { page, context, problems } = await openPage(browser, server.url, { viewport: COUNTER });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await seedSession(page, session, lang, DEMO_TRUCK.id);
    await page.goto('/orders');
    await page.getByTestId('sidebar').waitFor();
    await expect.poll(() => sidebarWidth(page)).toBeLessThanOrEqual(100);
    const toggle = page.getByTestId('sidebar-toggle');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await expect.poll(() => sidebarWidth(page)).toBeGreaterThan(150);
    // From screen to screen through the sidebar itself: still unfolded.
    await page.getByTestId('sidebar').locator('a[href="/menu"]').click();
    await page.waitForURL((url) => url.pathname === '/menu');
    await page.getByTestId('menu-item').first().waitFor();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => sidebarWidth(page)).toBeGreaterThan(150);

    // A wide screen shows its own saved choice (open), and folding it there is saved apart.
    await page.setViewportSize({ width: 1300, height: 800 });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    const saved = () => page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('sidebar'));
    expect(JSON.parse((await saved())!)).toEqual({ collapsed: true });
    // Back at the counter's width: still unfolded there, for this visit.
    await page.setViewportSize(COUNTER);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => sidebarWidth(page)).toBeGreaterThan(150);

    // Opened anew: folded at the counter's width again, whatever was saved for wide screens.
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => sidebarWidth(page)).toBeLessThanOrEqual(100);

    expect(pageErrors).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
