/**
 * Catching up honestly after the counter had no signal (issue #47, decision 018), in English and in
 * Arabic, on the demo truck:
 * - a conflict: "start preparing" tapped offline on an order that another device cancelled meanwhile
 *   comes back as a conflict in words (what was tried, what happened instead, by whom and why); the
 *   person drops it and the order stays cancelled, the tap never applied;
 * - two tablets offline at once, each taking a cash order and both starting the same order: back
 *   online, both orders are numbered by the server, the shared order was started once (the second
 *   tablet's identical tap, the same person's from the same version, counts as already done), and
 *   both tablets show what the server holds.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../src/domain/menu';
import type { Order, OrderPage } from '../../src/domain/orders/contracts';
import ar from '../../src/domain/i18n/ar/orders.json';
import en from '../../src/domain/i18n/en/orders.json';
import { launchBrowser, openPage } from './support/browser';
import { callApi, DEMO_TRUCK, placeDemoOrder, readyDemoTruck } from './support/demo-orders';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { takeCashOrder } from './support/cash-order';
import { startServer, type RunningServer } from './support/server';

const TABLET = { width: 1024, height: 768 };

let server: RunningServer;
let browser: Browser;
let session: DemoSession;
let item: Menu['items'][number];

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info', DEMO_SIMULATOR: 'off' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
  const { itemId } = await readyDemoTruck(server, session);
  const menu = await callApi<Menu>(server, `/trucks/${DEMO_TRUCK.id}/menu`, { token: session.token });
  item = menu.body.items.find((candidate) => candidate.id === itemId)!;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ordersUrl = `/trucks/${DEMO_TRUCK.id}/orders`;

async function serverOrder(id: string): Promise<Order> {
  return (await callApi<Order>(server, `${ordersUrl}/${id}`, { token: session.token })).body;
}

async function act(id: string, action: Record<string, unknown>): Promise<Order> {
  const { version } = await serverOrder(id);
  const answer = await callApi<Order>(server, `${ordersUrl}/${id}/actions`, { method: 'POST', token: session.token, body: { ...action, version } });
  if (answer.status !== 200) throw new Error(`${String(action.action)} answered ${answer.status}`);
  return answer.body;
}

/** An order placed on the truck page and accepted: in the in-progress tab, ready to be started. */
async function acceptedOrder(customer: string): Promise<Order> {
  const placed = await placeDemoOrder(server, item.id, customer);
  return act(placed.id, { action: 'accept', prepMinutes: 10 });
}

/** /orders on a tablet, live, in the in-progress tab, with the phone-order form's code loaded once (as a shift begins online). */
async function openCounter(lang: 'en' | 'ar', t: typeof en): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await openPage(browser, server.url, { viewport: TABLET });
  await seedSession(page, session, lang, DEMO_TRUCK.id);
  await page.goto('/orders');
  await page.locator('[data-testid=orders-live][data-status=live]').waitFor();
  await page.locator('[data-tab=in_progress]').click();
  await page.getByRole('button', { name: t.phone.open }).click();
  await page.getByRole('dialog').getByTestId('phone-menu-item').first().waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  return { page, context };
}

const cardOf = (page: Page, id: string) => page.locator(`.td-order-card[data-order-id="${id}"]`);

/** Taps "Start preparing" on the order's panel; offline, the change waits on the device. */
async function startPreparing(page: Page, t: typeof en, id: string) {
  await cardOf(page, id).click();
  const panel = page.getByTestId('order-panel');
  await panel.getByRole('button', { name: t.actions.start_preparing, exact: true }).click();
  await expect.poll(() => panel.getByTestId('order-status').textContent()).toBe(t.status.preparing);
  await expect.poll(() => cardOf(page, id).getAttribute('data-waiting')).toBe('true');
}

async function backOnline(page: Page, context: BrowserContext) {
  await context.setOffline(false);
  await expect.poll(() => page.getByTestId('connection-status').getAttribute('data-state'), { timeout: 30_000 }).not.toBe('offline');
}

async function goOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await expect.poll(() => page.getByTestId('connection-status').getAttribute('data-state')).toBe('offline');
}

describe.each([
  { lang: 'en' as const, t: en, cancelled: en.history.cancel },
  { lang: 'ar' as const, t: ar, cancelled: ar.history.cancel },
])('catching up after no signal ($lang)', ({ lang, t, cancelled }) => {
  it('shows a tap on an order cancelled meanwhile as a conflict in words, and dropping it leaves the order cancelled', async () => {
    const order = await acceptedOrder(`Conflict ${lang} ${Date.now()}`);
    const { page, context } = await openCounter(lang, t);
    await cardOf(page, order.id).waitFor();

    await goOffline(page, context);
    await startPreparing(page, t, order.id);
    const reason = `Out of bread ${lang}`;
    await act(order.id, { action: 'cancel', reason });

    await backOnline(page, context);
    const conflict = page.getByTestId('queue-conflict').and(page.locator('[data-action=start_preparing]'));
    await conflict.waitFor({ timeout: 30_000 });
    await expect.poll(() => conflict.textContent()).toContain(t.queue.what.start_preparing);
    const happened = await conflict.getByTestId('queue-conflict-happened').textContent();
    expect(happened).toContain(cancelled);
    expect(happened).toContain(reason);

    await conflict.getByTestId('queue-drop').click();
    await page.getByTestId('queue-conflicts').waitFor({ state: 'detached' });
    const held = await serverOrder(order.id);
    expect(held.status).toBe('cancelled');
    expect(held.history.map((entry) => entry.action)).not.toContain('start_preparing');
    await expect.poll(() => page.getByTestId('connection-status').getAttribute('data-state')).toBe('online');
    await context.close();
  });

  it('brings two tablets offline at once back to the same state, on both and on the server', async () => {
    const shared = await acceptedOrder(`Shared ${lang} ${Date.now()}`);
    const first = await openCounter(lang, t);
    const second = await openCounter(lang, t);
    await cardOf(first.page, shared.id).waitFor();
    await cardOf(second.page, shared.id).waitFor();

    await goOffline(first.page, first.context);
    await goOffline(second.page, second.context);
    const firstCustomer = `Tablet one ${lang} ${Date.now()}`;
    const secondCustomer = `Tablet two ${lang} ${Date.now()}`;
    await takeCashOrder(first.page, t, lang, item, firstCustomer);
    await takeCashOrder(second.page, t, lang, item, secondCustomer);
    await startPreparing(first.page, t, shared.id);
    await startPreparing(second.page, t, shared.id);

    await backOnline(first.page, first.context);
    await expect.poll(() => first.page.locator('.td-order-card[data-waiting=true]').count(), { timeout: 30_000 }).toBe(0);
    await backOnline(second.page, second.context);
    // The same person's same move from the same version, made on the other tablet: already done, not applied twice.
    await expect.poll(() => second.page.locator('.td-order-card[data-waiting=true]').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => second.page.getByTestId('queue-conflicts').count()).toBe(0);

    const held = await serverOrder(shared.id);
    expect(held.status).toBe('preparing');
    expect(held.history.filter((entry) => entry.action === 'start_preparing')).toHaveLength(1);
    const taken = await Promise.all(
      [firstCustomer, secondCustomer].map(async (name) => (await callApi<OrderPage>(server, `${ordersUrl}?tab=in_progress&q=${encodeURIComponent(name)}`, { token: session.token })).body.orders as Order[]),
    );
    expect(taken.map((orders) => orders.length)).toEqual([1, 1]);
    const [one, two] = taken.map((orders) => orders[0]!);
    expect(one!.number).toBeGreaterThan(0);
    expect(two!.number).toBeGreaterThan(0);
    expect(one!.number).not.toBe(two!.number);

    // Both tablets show the server's numbers for both orders, nothing still waiting.
    for (const { page } of [first, second]) {
      for (const order of [one!, two!]) await expect.poll(() => page.getByTestId(`order-card-${order.number}`).count(), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => page.locator('.td-order-card__number').evaluateAll((numbers) => numbers.filter((n) => n.textContent?.startsWith('T')).length)).toBe(0);
    }
    for (const { page } of [first, second]) {
      await cardOf(page, shared.id).click();
      await expect.poll(() => page.getByTestId('order-panel').getByTestId('order-status').textContent()).toBe(t.status.preparing);
    }
    await first.context.close();
    await second.context.close();
  });
});
