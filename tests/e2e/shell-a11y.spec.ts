/**
 * Accessibility in Chromium: axe-core finds no serious or critical violation on the entry page and
 * on the dashboard with the settings drawer open, in English and Arabic; the shell works by keyboard.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { signInTab } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { ARABIC, gotoScreen, openWithStorage, seriousAxeViolations, waitForAnimations } from './support/shell';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Info level: the demo vendor's password is printed there.
  server = await startServer({ LOG_LEVEL: 'info' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LANGUAGES = [
  ['English', {}, 'Display settings', 'Dashboard options'],
  ['Arabic', ARABIC, 'إعدادات العرض', 'خيارات لوحة التحكم'],
] as const;

/** Tabs until the focused element matches, or gives up after `limit` presses. */
async function tabTo(page: Page, matches: (el: { label: string | null; text: string; testid: string | null }) => boolean, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null; textContent: string | null } | null } }).document.activeElement;
      return { label: el?.getAttribute('aria-label') ?? null, text: el?.textContent?.trim() ?? '', testid: el?.getAttribute('data-testid') ?? null };
    });
    if (matches(focused)) return true;
  }
  return false;
}

describe('accessibility', () => {
  it.each(LANGUAGES)('has no serious axe violation on the entry page (%s)', async (_name, storage) => {
    const { page, context } = await openPage(browser, server.url, { bypassCSP: true });
    await openWithStorage(page, '/', storage);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it.each(LANGUAGES)('has no serious axe violation on the dashboard with the settings drawer open (%s)', async (_name, storage, settings, title) => {
    const { page, context } = await openPage(browser, server.url, { bypassCSP: true });
    await signInTab(page, server);
    await openWithStorage(page, '/home', storage);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: settings }).click();
    await page.getByRole('dialog', { name: title }).waitFor();
    await waitForAnimations(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('has no serious axe violation in dark mode or on a phone with the navigation open', async () => {
    const { page, context } = await openPage(browser, server.url, { bypassCSP: true, viewport: { width: 390, height: 844 } });
    await signInTab(page, server);
    await openWithStorage(page, '/home', {
      ui_settings: JSON.stringify({ sidenavColor: 'primary', customColor: '#2e7d32', sidenavType: 'dark', fixedNavbar: true, darkMode: true }),
    });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await waitForAnimations(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('works by keyboard: skip link, sidebar, settings drawer (open, choose, close with Escape)', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await gotoScreen(page, '/home');

    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id)).toBe('main');

    await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur(): void } } }).document.activeElement.blur());
    expect(await tabTo(page, (el) => el.text === 'Orders')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/orders');

    expect(await tabTo(page, (el) => el.label === 'Display settings')).toBe(true);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Dashboard options' });
    await drawer.waitFor();
    expect(await tabTo(page, (el) => el.label === 'Warning')).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => drawer.getByRole('button', { name: 'Warning' }).getAttribute('aria-pressed')).toBe('true');
    expect(await tabTo(page, (el) => el.testid === 'dark-mode-switch')).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    expect(await tabTo(page, (el) => el.testid === 'user-menu')).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor();
    await context.close();
  });
});
