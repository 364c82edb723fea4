/**
 * The counter with no signal (issue #47, decision 018), in English and in Arabic, on the demo truck
 * with the browser context offline: two cash orders taken from the menu as last loaded (shown at
 * once with temporary numbers, waiting to send), one of them taken through to handed over, an item
 * switched sold out on /menu, a reload while still offline (everything still there and still
 * waiting), then the connection back: sent in order, the server numbers the orders, keeps the time
 * they were taken, and holds the same figures the screen shows.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../src/domain/menu';
import type { Order, OrderPage } from '../../src/domain/orders/contracts';
import ar from '../../src/domain/i18n/ar/orders.json';
import en from '../../src/domain/i18n/en/orders.json';
import { launchBrowser, openPage } from './support/browser';
import { callApi, DEMO_TRUCK, readyDemoTruck } from './support/demo-orders';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { takeCashOrder } from './support/cash-order';
import { startServer, type RunningServer } from './support/server';

const TABLET = { width: 1024, height: 768 };

let server: RunningServer;
let browser: Browser;
let session: DemoSession;
let item: Menu['items'][number];
let soldOutItem: Menu['items'][number];

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info', DEMO_SIMULATOR: 'off' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
  const { itemId } = await readyDemoTruck(server, session);
  const menu = await callApi<Menu>(server, `/trucks/${DEMO_TRUCK.id}/menu`, { token: session.token });
  item = menu.body.items.find((candidate) => candidate.id === itemId)!;
  soldOutItem = menu.body.items.find((candidate) => candidate.id !== itemId && candidate.soldOutUntil === null)!;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type InPage = { navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } } };

async function serverOrders(tab: string): Promise<Order[]> {
  const page = await callApi<OrderPage>(server, `/trucks/${DEMO_TRUCK.id}/orders?tab=${tab}&limit=100`, { token: session.token });
  return page.body.orders as Order[];
}

/** The in-progress and completed tabs' counts, as the server has them (the lists' pages stop at 100). */
async function takenCount(): Promise<number> {
  const counts = await callApi<Record<string, number>>(server, `/trucks/${DEMO_TRUCK.id}/orders/counts`, { token: session.token });
  return counts.body.in_progress! + counts.body.completed!;
}

describe.each([
  { lang: 'en' as const, t: en },
  { lang: 'ar' as const, t: ar },
])('the counter offline ($lang)', ({ lang, t }) => {
  it('takes cash orders, moves one to handed over and switches an item sold out with no signal, keeps them over a reload, and sends them when the signal returns', async () => {
    const { page, context } = await openPage(browser, server.url, { viewport: TABLET, serviceWorkers: 'allow' });
    await seedSession(page, session, lang, DEMO_TRUCK.id);
    await page.goto('/orders');
    await page.locator('[data-testid=orders-live][data-status=live]').waitFor();
    // The service worker installed, then a reload so that it answers this tab (it never takes over a running one).
    await page.waitForFunction(() => (globalThis as unknown as InPage).navigator.serviceWorker.ready.then(() => true), undefined, { timeout: 30_000 });
    await page.reload();
    await page.waitForFunction(() => (globalThis as unknown as InPage).navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.locator('[data-testid=orders-live][data-status=live]').waitFor();
    // What the counter last loaded: the in-progress tab, the menu (through the phone-order form) and /menu.
    await page.locator('[data-tab=in_progress]').click();
    await page.getByRole('button', { name: t.phone.open }).click();
    await page.getByRole('dialog').getByTestId('phone-menu-item').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const before = await takenCount();

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connection-status').getAttribute('data-state')).toBe('offline');

    const first = `Offline ${lang} one ${Date.now()}`;
    const second = `Offline ${lang} two ${Date.now()}`;
    await takeCashOrder(page, t, lang, item, first);
    await takeCashOrder(page, t, lang, item, second);
    const waitingCards = page.locator('.td-order-card[data-waiting=true]');
    await expect.poll(() => waitingCards.count()).toBe(2);
    const firstCard = page.locator('.td-order-card').filter({ hasText: first });
    await expect.poll(() => firstCard.locator('.td-order-card__number').textContent()).toMatch(/^T\d{2}$/);

    // The first one made and handed over, still offline.
    await firstCard.click();
    const panel = page.getByTestId('order-panel');
    await panel.getByTestId('order-panel-waiting').waitFor();
    for (const step of [t.actions.start_preparing, t.actions.mark_ready, t.actions.complete]) {
      await panel.getByRole('button', { name: step, exact: true }).click();
    }
    await expect.poll(() => panel.getByTestId('order-status').textContent()).toBe(t.status.completed);

    // Sold out on /menu, offline.
    await page.goto('/menu');
    const row = page.getByTestId('menu-item').filter({ hasText: lang === 'en' ? soldOutItem.nameEn : soldOutItem.nameAr }).first();
    // Offline the switch flips once the change is kept on the device (IndexedDB), not within the click:
    // click, then wait for the state, rather than check()'s immediate verdict.
    await row.getByTestId('sold-out').click();
    await expect.poll(() => row.getByTestId('availability').getAttribute('data-state')).toBe('sold_out');

    // A reload with no signal: still there, still waiting.
    await page.goto('/orders');
    await page.locator('[data-tab=in_progress]').click();
    await expect.poll(() => page.locator('.td-order-card').filter({ hasText: second }).getAttribute('data-waiting')).toBe('true');
    await expect.poll(() => page.getByTestId('connection-status').getAttribute('data-state')).toBe('offline');
    await expect.poll(() => page.getByTestId('connection-status').textContent()).toMatch(lang === 'en' ? /changes waiting/ : /بانتظار الإرسال/);

    // The signal returns: everything sent, numbered by the server, nothing twice.
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('connection-status').getAttribute('data-state'), { timeout: 30_000 }).toBe('online');
    await expect.poll(() => page.locator('.td-order-card[data-waiting=true]').count()).toBe(0);
    const inProgress = await serverOrders('in_progress');
    const completed = await serverOrders('completed');
    expect(await takenCount()).toBe(before + 2);
    const sentSecond = inProgress.find((order) => order.customer.name === second)!;
    const sentFirst = completed.find((order) => order.customer.name === first)!;
    expect(sentFirst).toMatchObject({ status: 'completed', paymentStatus: 'paid', paymentMethod: 'cash', total: item.priceMinor, version: 4 });
    expect(sentSecond).toMatchObject({ status: 'accepted', total: item.priceMinor });
    expect(sentFirst.number).toBeGreaterThan(0);
    expect(sentSecond.number).toBe(sentFirst.number + 1);
    // Taken before it was sent: the order keeps that time.
    expect(Date.parse(sentFirst.createdAt)).toBeLessThan(Date.parse(sentFirst.updatedAt));
    await expect.poll(() => page.getByTestId(`order-card-${sentSecond.number}`).count()).toBe(1);
    // The sold-out switch is sent after the orders: the server has it once the whole queue is through.
    const soldOutUntil = async () => (await callApi<Menu>(server, `/trucks/${DEMO_TRUCK.id}/menu`, { token: session.token })).body.items.find((candidate) => candidate.id === soldOutItem.id)!.soldOutUntil;
    await expect.poll(soldOutUntil, { timeout: 30_000 }).toBe('indefinitely');
    await callApi(server, `/trucks/${DEMO_TRUCK.id}/menu/availability`, { method: 'POST', token: session.token, body: { state: 'available', itemIds: [soldOutItem.id], optionIds: [] } });
    await context.close();
  });
});
