/**
 * The counter's screens on the devices the counter has (issue #49), in English and in Arabic, as the
 * demo vendor on the demo truck: a 390px phone and a 1024×768 tablet.
 *
 * - /menu: every row's name, price, sold-out switch and actions side by side without overlapping,
 *   the names given the room they need, nothing scrolled sideways, and on the phone the categories scroll
 *   away instead of floating over the items.
 * - /orders on the tablet: the sidebar folded to its icons, a list wide enough for whole names (a
 *   Latin name in Arabic laid out in its own direction), a new order named in the banner and brought
 *   into view at the end of a long pending list, and the banner's button opening it.
 * - The phone-order dialog on both: the menu by category with search in large tiles, a choose-one
 *   group as radio buttons, a "choose up to 3" group that refuses a fourth and says so, a line price
 *   that follows the options, a quantity of −2 and an empty name refused beside their fields, and a
 *   local 8-digit number placed with Kuwait's +965.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../src/domain/i18n/fill';
import type { Order } from '../../src/domain/orders/contracts';
import ar from '../../src/domain/i18n/ar/orders.json';
import en from '../../src/domain/i18n/en/orders.json';
import { launchBrowser, openPage } from './support/browser';
import { DEMO_TRUCK, placeDemoOrder, readyDemoTruck } from './support/demo-orders';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { waitForAnimations } from './support/shell';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
const CATALOGUES = { en, ar } as const;

let server: RunningServer;
let browser: Browser;
let session: DemoSession;
let itemId: string;

beforeAll(async () => {
  // Info level: the demo sign-in is printed there, on a fresh embedded database with the demo data.
  server = await startServer({ LOG_LEVEL: 'info', DEMO_SIMULATOR: 'off' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
  ({ itemId } = await readyDemoTruck(server, session));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openScreen(lang: 'en' | 'ar', path: string, viewport: { width: number; height: number }) {
  const watched = await openPage(browser, server.url, { viewport });
  await seedSession(watched.page, session, lang, DEMO_TRUCK.id);
  await watched.page.goto(path);
  await expect.poll(() => watched.page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
  return watched;
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
/** How far the page scrolls sideways (the tests' program has no DOM types: the page's objects are typed as read). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const { documentElement } = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
    return documentElement.scrollWidth - documentElement.clientWidth;
  });

const boxOf = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;

/** The boxes of a row's parts that must sit side by side: its names, price, sold-out switch and actions. */
async function rowParts(row: Locator) {
  const actions = row.locator('.td-menu-item__actions');
  return {
    row: await boxOf(row),
    name: await boxOf(row.locator('.td-menu-item__name')),
    price: await boxOf(row.locator('.td-menu-item__price')),
    availability: await boxOf(row.locator('.td-availability').first()),
    actions: (await actions.count()) > 0 ? await boxOf(actions) : null,
  };
}

describe.each([
  { lang: 'en' as const, viewport: PHONE, device: 'phone' },
  { lang: 'en' as const, viewport: TABLET, device: 'tablet' },
  { lang: 'ar' as const, viewport: PHONE, device: 'phone' },
  { lang: 'ar' as const, viewport: TABLET, device: 'tablet' },
])('/menu on the $device ($lang)', ({ lang, viewport, device }) => {
  it('lays each row out without overlaps or word-by-word names, nothing sideways, the categories out of the way', async () => {
    const { page, context } = await openScreen(lang, '/menu', viewport);
    const rows = page.getByTestId('menu-item');
    await rows.first().waitFor();
    await waitForAnimations(page);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    for (let index = 0; index < 6; index++) {
      const row = rows.nth(index);
      await row.scrollIntoViewIfNeeded();
      const parts = await rowParts(row);
      const boxes = [parts.name, parts.price, parts.availability, ...(parts.actions ? [parts.actions] : [])];
      for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlap(a, b), `row ${index}: ${JSON.stringify([a, b])}`).toBe(false);
      // The names get the room they need: squeezed to a sliver they wrapped word by word.
      expect(parts.name.width, `row ${index}'s name`).toBeGreaterThanOrEqual(parts.row.width * 0.4);
    }

    if (device === 'phone') {
      // Scrolled down to the items, the categories card is gone from over them.
      const later = rows.nth(8);
      await later.scrollIntoViewIfNeeded();
      const categories = (await page.locator('.td-menu-categories').boundingBox())!;
      expect(overlap(categories, (await later.boundingBox())!)).toBe(false);
    }
    await context.close();
  });
});

describe.each([
  { lang: 'en' as const, t: en },
  { lang: 'ar' as const, t: ar },
])('/orders on the tablet ($lang)', ({ lang, t }) => {
  it('folds the sidebar, fits whole names, names a new order in the banner and brings it into view', async () => {
    // A queue: enough pending orders that the last is below the fold, one with a long Latin name.
    const long = `Abdulrahman Al-Mutairi ${lang}`;
    await placeDemoOrder(server, itemId, long);
    for (let n = 0; n < 9; n++) await placeDemoOrder(server, itemId, `Queue ${lang} ${n}`);

    const { page, context } = await openScreen(lang, '/orders', TABLET);
    await page.locator('[data-testid=orders-live][data-status=live]').waitFor();
    const card = page.locator('.td-order-card').filter({ hasText: long });
    await card.waitFor();
    await waitForAnimations(page);

    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())!.width).toBeLessThanOrEqual(100);
    await expect.poll(async () => (await page.locator('.td-orders__list').boundingBox())!.width).toBeGreaterThanOrEqual(380);
    const name = card.locator('.td-order-card__name');
    const cut = await name.evaluate((element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    expect(cut).toBe(false);
    // A Latin name keeps its own direction on an Arabic screen, so a long one is cut at its end.
    const direction = await name.evaluate((element) => {
      const view = (element as unknown as { ownerDocument: { defaultView: { getComputedStyle(e: unknown): { direction: string } } } }).ownerDocument.defaultView;
      return view.getComputedStyle(element).direction;
    });
    expect(direction).toBe('ltr');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // More of the queue on screen at once than the three and a half of the squeezed list.
    const boxes = await Promise.all((await page.locator('.td-order-card').all()).map((each) => each.boundingBox()));
    expect(boxes.filter((box) => box !== null && box.y >= 0 && box.y + box.height <= TABLET.height).length).toBeGreaterThanOrEqual(5);

    // A new order arrives at the end of the pending list: the banner names it and its card comes into view.
    const customer = `Newest ${lang} ${Date.now()}`;
    const placed = await placeDemoOrder(server, itemId, customer);
    const number = `#${String(placed.number).padStart(3, '0')}`;
    const banner = page.getByTestId('orders-ringing-newest');
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toBe(fill(lang, t.alerts.which, { number, name: customer }));
    const fresh = page.getByTestId(`order-card-${placed.number}`);
    await fresh.waitFor();
    await expect
      .poll(async () => {
        const box = await fresh.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= TABLET.height;
      })
      .toBe(true);

    // Its button opens that order.
    await page.getByTestId('orders-ringing-show').click();
    await expect.poll(() => fresh.getAttribute('aria-current')).toBe('true');
    await page.getByTestId('order-panel').filter({ hasText: customer }).waitFor();
    await context.close();
  });
});

describe.each([
  { lang: 'en' as const, viewport: PHONE, device: 'phone' },
  { lang: 'ar' as const, viewport: PHONE, device: 'phone' },
  { lang: 'en' as const, viewport: TABLET, device: 'tablet' },
  { lang: 'ar' as const, viewport: TABLET, device: 'tablet' },
])('the phone-order dialog on the $device ($lang)', ({ lang, viewport }) => {
  it('finds items by category and name, keeps the groups to their rules with live prices, marks problems inline and takes a local number', async () => {
    const t = CATALOGUES[lang];
    const { page, context } = await openScreen(lang, '/orders', viewport);
    await page.locator('[data-testid=orders-live][data-status=live]').waitFor();
    await page.getByRole('button', { name: t.phone.open }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('phone-menu-item').first().waitFor();
    await waitForAnimations(page);
    const modal = (await page.locator('.td-phone-order-modal .ant-modal-container').boundingBox())!;
    expect(modal.x).toBeGreaterThanOrEqual(0);
    expect(modal.x + modal.width).toBeLessThanOrEqual(viewport.width);

    // By category, then by name: the tiles are large enough for a thumb.
    const shawarma = lang === 'en' ? 'Chicken shawarma wrap' : 'سندويش شاورما دجاج';
    await dialog.getByTestId('phone-menu-categories').getByRole('radio', { name: lang === 'en' ? 'Drinks' : 'مشروبات', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('phone-menu-section').count()).toBe(1);
    await dialog.getByTestId('phone-menu-search').fill(lang === 'en' ? 'chicken shawarma wrap' : 'سندويش شاورما دجاج');
    const tile = dialog.getByTestId('phone-menu-item').filter({ hasText: shawarma });
    await expect.poll(() => dialog.getByTestId('phone-menu-item').count()).toBe(1);
    await expect.poll(async () => (await tile.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await tile.click();

    // The bread is one of two radio buttons; the extras take three at most, and say so at the fourth.
    const line = dialog.getByTestId('phone-line-0');
    const price = dialog.getByTestId('phone-line-0-price');
    const groups = line.locator('fieldset');
    const bread = groups.nth(0);
    const extras = groups.nth(1);
    await expect.poll(() => bread.locator('input[type=radio]').count()).toBe(2);
    const base = await price.textContent();
    await extras.locator('label').nth(0).click();
    await expect.poll(() => price.textContent()).not.toBe(base);
    for (const n of [1, 2]) await extras.locator('label').nth(n).click();
    const fourth = extras.locator('input').nth(3);
    await expect.poll(() => fourth.isDisabled()).toBe(true);
    await expect.poll(async () => (await extras.locator('label').nth(3).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await extras.getByTestId(/-full$/).waitFor();
    await expect.poll(() => price.textContent()).not.toBe(base);

    // A quantity of −2 and no name: refused beside their fields, nothing sent.
    await line.getByRole('spinbutton').fill('-2');
    await dialog.locator('#phone-order-phone').fill('5555 1234');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog.getByTestId('phone-error-line.0.qty').waitFor();
    await dialog.getByTestId('phone-error-name').waitFor();
    await expect.poll(() => line.getByRole('spinbutton').getAttribute('aria-invalid')).toBe('true');

    // Put right, it is placed with the truck's country code on the local number.
    await line.getByRole('spinbutton').fill('2');
    const customer = `Phone ${lang} ${viewport.width} ${Date.now()}`;
    await dialog.locator('#phone-order-name').fill(customer);
    const answer = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith(`/trucks/${DEMO_TRUCK.id}/orders`));
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    const order = (await (await answer).json()) as Order;
    await page.locator('.td-phone-order').waitFor({ state: 'detached' });
    await page.getByTestId('order-panel').filter({ hasText: customer }).waitFor();
    expect(order.customer.phone).toBe('+96555551234');
    expect(order.lines[0]!.qty).toBe(2);
    expect(order.lines[0]!.options).toHaveLength(4);
    await context.close();
  });
});
