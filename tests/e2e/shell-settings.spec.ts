/**
 * The settings drawer in Chromium: sidebar colour and type change the sidebar, the type buttons are
 * disabled below 1200px, dark mode changes the whole app (and holds before first paint after a
 * reload), the navbar unfixes, and sharing copies the link with a toast.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { DEMO_TRUCK } from './support/demo-truck';
import { signInTab } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { gotoScreen, shownToastBox, slowToastTimers, reloadScreen, shellProblems } from './support/shell';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Display settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Dashboard options' });
  await drawer.waitFor({ state: 'visible' });
  return drawer;
}

/** A computed style, read in the page (the test program has no DOM types). */
async function styleOf(page: Page, selector: string, property: 'backgroundColor' | 'color' | 'position') {
  return page.locator(selector).first().evaluate((el, prop) => {
    const view = (el as { ownerDocument: { defaultView: { getComputedStyle(e: unknown): Record<string, string> } } }).ownerDocument.defaultView;
    return view.getComputedStyle(el)[prop]!;
  }, property);
}

describe('the settings drawer', () => {
  it('opens from the navbar at 360px wide, at the end side, and closes', async () => {
    const { page, problems, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    const drawer = await openSettings(page);
    const section = page.locator('.td-settings .ant-drawer-section');
    // Once it has slid in: 360px wide, against the end (right) edge.
    await expect.poll(async () => (await section.boundingBox())!.x).toBe(1366 - 360);
    await expect.poll(async () => (await section.boundingBox())!.width).toBe(360);
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(shellProblems(problems)).toEqual([]);
    await context.close();
  });

  it('changes the colour of the selected sidebar entry, custom colour included', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    const selected = '.td-sidebar [aria-current=page]';
    await expect.poll(() => styleOf(page, selected, 'backgroundColor')).toBe('rgb(46, 125, 50)');
    await openSettings(page);
    await page.getByRole('button', { name: 'Error' }).click();
    await expect.poll(() => styleOf(page, selected, 'backgroundColor')).toBe('rgb(198, 40, 40)');
    await page.getByRole('button', { name: 'Info' }).click();
    await expect.poll(() => styleOf(page, selected, 'backgroundColor')).toBe('rgb(21, 101, 192)');

    await page.getByRole('button', { name: 'Custom colour' }).click();
    const hex = page.locator('.ant-color-picker-input input').first();
    await hex.fill('ffeb3b');
    await hex.press('Enter');
    await expect.poll(() => styleOf(page, selected, 'backgroundColor')).toBe('rgb(255, 235, 59)');
    // Text on a light custom colour turns dark to stay readable.
    await expect.poll(() => styleOf(page, selected, 'color')).toBe('rgb(0, 0, 0)');
    await context.close();
  });

  it('changes the sidebar type, and the choice survives a reload', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    const sidebar = '[data-testid=sidebar]';
    await expect.poll(() => styleOf(page, sidebar, 'backgroundColor')).toBe('rgb(20, 38, 26)');
    await openSettings(page);
    await page.getByRole('button', { name: 'White' }).click();
    await expect.poll(() => styleOf(page, sidebar, 'backgroundColor')).toBe('rgb(255, 255, 255)');
    await page.getByRole('button', { name: 'Transparent' }).click();
    await expect.poll(() => styleOf(page, sidebar, 'backgroundColor')).toBe('rgba(0, 0, 0, 0)');
    await reloadScreen(page);
    await expect.poll(() => styleOf(page, sidebar, 'backgroundColor')).toBe('rgba(0, 0, 0, 0)');
    await context.close();
  });

  it('disables the sidebar-type buttons while the window is narrower than 1200px', async () => {
    const { page, context } = await openPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    await openSettings(page);
    const types = ['Dark', 'Transparent', 'White'].map((name) => page.getByRole('group', { name: 'Sidebar type' }).getByRole('button', { name }));
    for (const button of types) await expect.poll(() => button.isEnabled()).toBe(true);
    await page.setViewportSize({ width: 1199, height: 900 });
    for (const button of types) await expect.poll(() => button.isDisabled()).toBe(true);
    await page.getByText('The sidebar style can be changed on screens at least 1200 pixels wide.').waitFor();
    await page.setViewportSize({ width: 1200, height: 900 });
    for (const button of types) await expect.poll(() => button.isEnabled()).toBe(true);
    await context.close();
  });

  it('switches the whole app to dark, before first paint after a reload too', async () => {
    const { page, problems, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    const content = '.td-dashboard__body';
    // The light theme's styles are in place before its colour is taken as the one to leave.
    await expect.poll(() => styleOf(page, 'body', 'backgroundColor')).toBe('rgb(245, 245, 245)');
    const light = await styleOf(page, content, 'backgroundColor');
    await openSettings(page);
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await expect.poll(() => styleOf(page, content, 'backgroundColor')).not.toBe(light);
    await expect.poll(() => styleOf(page, 'body', 'backgroundColor')).toBe('rgb(0, 0, 0)');
    // The drawer itself turns dark: Ant Design's dark algorithm reaches every component.
    await expect.poll(() => styleOf(page, '.td-settings .ant-drawer-section', 'backgroundColor')).not.toBe('rgb(255, 255, 255)');

    // The entry page is dark as well, and the theme is in place before the app's script runs.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await expect.poll(() => styleOf(page, 'body', 'backgroundColor')).toBe('rgb(0, 0, 0)');
    // Only the scripts this test blocked failed.
    expect(problems.filter((p) => !p.includes('/assets/') && !p.includes('net::ERR_FAILED'))).toEqual([]);
    await context.close();
  });

  it('unfixes the navbar', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    await expect.poll(() => styleOf(page, '[data-testid=navbar]', 'position')).toBe('sticky');
    await openSettings(page);
    await page.getByRole('switch', { name: 'Fixed top bar' }).click();
    await expect.poll(() => styleOf(page, '[data-testid=navbar]', 'position')).toBe('static');
    await context.close();
  });

  it("links to the app's own user guide, and shares the truck's public page by copying its link", async () => {
    const { page, problems, context } = await openPage(browser, server.url, { permissions: ['clipboard-read', 'clipboard-write'] });
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    const drawer = await openSettings(page);
    await expect.poll(() => drawer.getByRole('link', { name: 'Read the user guide' }).getAttribute('href')).toBe('/guide/en');
    await expect.poll(() => drawer.getByRole('link', { name: 'Star the project' }).count()).toBe(0);
    // The toast stays 4 × 5 s: a loaded machine still finds it shown.
    await slowToastTimers(page);
    await drawer.getByRole('button', { name: "Share your truck's page" }).click();
    const toast = page.getByText('The link is copied.');
    await toast.waitFor({ state: 'visible' });
    // Read where it comes to rest, in one step with its state (see shownToastBox).
    const box = await shownToastBox(page);
    expect(box.x > 1366 / 2 && box.y < 120).toBe(true);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(`${server.url}/t/${DEMO_TRUCK.slug}`);
    expect(shellProblems(problems)).toEqual([]);
    await context.close();
  });
});
