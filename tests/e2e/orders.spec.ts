/**
 * The order dashboard in the browser, in English and in Arabic, as the demo vendor on the demo truck:
 * an order placed through the public API appears live (no reload), rings and shows in the title,
 * is accepted, prepared, marked ready and handed over, and moves between the tabs on the way.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../src/domain/menu';
import ar from '../../src/domain/i18n/ar/orders.json';
import en from '../../src/domain/i18n/en/orders.json';
import { launchBrowser, openPage } from './support/browser';
import { guideScreenshot } from './support/guide';
import { typeInPicker } from './support/pickers';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';

const DEMO_TRUCK = { id: '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f', slug: 'saj-station' };
const ALL_DAY = { opens: '00:00', closes: '00:00', deliveryEnabled: true };

let server: RunningServer;
let browser: Browser;
let session: DemoSession;
let itemId: string;

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

beforeAll(async () => {
  // The demo vendor and truck live on the embedded database; its sign-in is printed at info level.
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
  // Open around the clock, so the journey does not depend on the hour it runs at.
  const hours = await api<{ version: number }>(`/trucks/${DEMO_TRUCK.id}/hours`, { token: session.token });
  const days = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [ALL_DAY]]));
  const saved = await api(`/trucks/${DEMO_TRUCK.id}/hours`, { method: 'PUT', token: session.token, body: { timeZone: 'Asia/Kuwait', days, exceptions: {}, version: hours.body.version } });
  expect(saved.status).toBe(200);
  const menu = await api<Menu>(`/trucks/${DEMO_TRUCK.id}/menu`, { token: session.token });
  itemId = menu.body.items.find((item) => item.soldOutUntil === null && item.optionGroups.every((group) => !group.required))!.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openDashboard(lang: 'en' | 'ar') {
  const watched = await openPage(browser, server.url, { viewport: { width: 1280, height: 800 } });
  await seedSession(watched.page, session, lang, DEMO_TRUCK.id);
  await watched.page.goto('/orders');
  await watched.page.locator('[data-testid=orders-live][data-status=live]').waitFor();
  return watched;
}

const card = (page: Page, customer: string) => page.locator('.td-order-card').filter({ hasText: customer });
const panelButton = (page: Page, name: string) => page.getByTestId('order-panel').getByRole('button', { name, exact: true });

async function openTab(page: Page, label: string) {
  await page.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
}

describe.each([
  { lang: 'en', t: en },
  { lang: 'ar', t: ar },
] as const)('the order dashboard ($lang)', ({ lang, t }) => {
  it('shows an order placed through the API live, and takes it through to handed over across the tabs', async () => {
    const { page, context, problems } = await openDashboard(lang);
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    const customer = `Live ${lang} ${Date.now()}`;

    const placed = await api<{ id: string; number: number }>(`/public/trucks/${DEMO_TRUCK.slug}/orders`, {
      method: 'POST',
      body: { lines: [{ itemId, qty: 2 }], customer: { name: customer, phone: '+96555512345' }, type: 'pickup', paymentMethod: 'cash' },
    });
    expect(placed.status).toBe(201);

    // Live, without a reload: in the pending list, ringing, counted in the title.
    await card(page, customer).waitFor();
    await page.getByTestId('orders-ringing').waitFor();
    await expect.poll(() => page.title()).toMatch(/^\(\S+\) /);

    await card(page, customer).click();
    // Pending: the line beside the placing time is the deadline to answer, so the age shows in brackets.
    await expect.poll(() => page.getByTestId('order-panel').locator('.td-order-panel__times > span').first().textContent()).toMatch(/\(.+\)/);
    await guideScreenshot(page, 'orders', lang);
    // 15 takes English's other form and Arabic's many, whose words Arabic's other repeats.
    const fifteen = new Intl.NumberFormat(lang === 'ar' ? 'ar-u-nu-arab' : 'en').format(15);
    await panelButton(page, t.actions.acceptIn_other.replace('{{count}}', fifteen)).click();
    await page.locator('[data-testid=order-status]', { hasText: t.status.accepted }).waitFor();
    await expect.poll(() => card(page, customer).count()).toBe(0);
    await expect.poll(() => page.getByTestId('orders-ringing').count()).toBe(0);

    await openTab(page, t.tabs.in_progress);
    await card(page, customer).click();
    await panelButton(page, t.actions.start_preparing).click();
    await page.locator('[data-testid=order-status]', { hasText: t.status.preparing }).waitFor();
    await panelButton(page, t.actions.mark_ready).click();
    await page.locator('[data-testid=order-status]', { hasText: t.status.ready }).waitFor();
    await expect.poll(() => card(page, customer).count()).toBe(0);

    await openTab(page, t.tabs.ready);
    await card(page, customer).click();
    // Ready: the line beside it says how long ago it was placed, and the age is not said twice.
    await page.locator('[data-testid=order-status]', { hasText: t.status.ready }).waitFor();
    await expect.poll(() => page.getByTestId('order-panel').locator('.td-order-panel__times > span').first().textContent()).not.toMatch(/\(/);
    await panelButton(page, t.actions.complete).click();
    await page.locator('[data-testid=order-status]', { hasText: t.status.completed }).waitFor();
    await expect.poll(() => card(page, customer).count()).toBe(0);

    await openTab(page, t.tabs.completed);
    await card(page, customer).waitFor();

    // The date filter, typed into its picker: up to yesterday leaves today's order out; from today keeps it.
    const kuwaitDate = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date(Date.now() + days * 86_400_000));
    await typeInPicker(page.getByTestId('orders-to'), kuwaitDate(-1));
    await expect.poll(() => card(page, customer).count()).toBe(0);
    // The toolbar's button (the picker has a clear button of its own, of the same name).
    await page.locator('.ant-btn', { hasText: t.filters.clear }).click();
    await typeInPicker(page.getByTestId('orders-from'), kuwaitDate(0));
    await card(page, customer).waitFor();
    const order = await api<{ status: string; history: { action: string }[] }>(`/trucks/${DEMO_TRUCK.id}/orders/${placed.body.id}`, { token: session.token });
    expect(order.body.status).toBe('completed');
    expect(order.body.history.map((entry) => entry.action)).toEqual(['place', 'accept', 'start_preparing', 'mark_ready', 'complete']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
