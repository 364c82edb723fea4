/**
 * Screenshots of the shell for a person to look at: /home in English and Arabic, light and dark,
 * with the settings drawer open, on a phone and a tablet. Saved under test-results/screenshots/.
 * Each case also checks what its pictures show (direction, the drawer inside the screen, the
 * not-found page in the chosen language), so a broken shell fails here, not only in someone's eyes.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../src/domain/i18n/ar/common.json';
import en from '../../src/domain/i18n/en/common.json';
import { launchBrowser, openPage } from './support/browser';
import { signInTab } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { openWithStorage, shellProblems, waitForAnimations } from './support/shell';

const DIR = path.resolve('test-results/screenshots');
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
  // Info level: the demo vendor's password is printed there.
  server = await startServer({ LOG_LEVEL: 'info' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Dir = { dir: string; lang: string };
const direction = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: Dir } }).document.documentElement;
    return `${root.lang} ${root.dir}`;
  });
const expectedDirection = (lang: 'en' | 'ar') => (lang === 'ar' ? 'ar rtl' : 'en ltr');

const storageFor = (lang: 'en' | 'ar', dark: boolean) => ({
  lang_dir: JSON.stringify(lang === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' }),
  ui_settings: JSON.stringify({ sidenavColor: 'primary', customColor: '#2e7d32', sidenavType: 'dark', fixedNavbar: true, darkMode: dark }),
  user_details: JSON.stringify({ fullName: lang === 'ar' ? 'هدى الصباح' : 'Huda Al-Sabah', email: 'huda@example.com' }),
});

describe('screenshots', () => {
  it.each([
    ['en', false],
    ['en', true],
    ['ar', false],
    ['ar', true],
  ] as const)('of /home (%s, dark: %s), and with the settings drawer open', async (lang, dark) => {
    const { page, problems, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await openWithStorage(page, '/home', storageFor(lang, dark));
    await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
    const name = `home-${lang}-${dark ? 'dark' : 'light'}`;
    await page.screenshot({ path: path.join(DIR, `${name}.png`) });
    await page.getByTestId('settings-button').click();
    await page.locator('.td-settings .ant-drawer-section').waitFor();
    await waitForAnimations(page);
    await page.screenshot({ path: path.join(DIR, `${name}-settings.png`) });
    expect(shellProblems(problems)).toEqual([]);
    await context.close();
  });

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['tablet', { width: 768, height: 1024 }],
  ] as const)('of /home on a %s, English and Arabic, with the navigation open', async (device, viewport) => {
    for (const lang of ['en', 'ar'] as const) {
      const { page, problems, context } = await openPage(browser, server.url, { viewport });
      await signInTab(page, server);
      await openWithStorage(page, '/home', storageFor(lang, false));
      await expect.poll(() => direction(page)).toBe(expectedDirection(lang));
      await page.screenshot({ path: path.join(DIR, `home-${lang}-${device}.png`) });
      await page.getByTestId('sidebar-toggle').click();
      const menu = page.locator('.ant-drawer-open .td-nav');
      await menu.waitFor();
      await waitForAnimations(page);
      // The navigation drawer opens on the reading side and lies wholly inside the screen.
      const box = await menu.boundingBox();
      expect(box, `${lang} ${device}: the navigation has a box`).not.toBeNull();
      expect(box!.x, `${lang} ${device}: the navigation starts inside the screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${lang} ${device}: the navigation ends inside the screen`).toBeLessThanOrEqual(viewport.width + 1);
      const centre = box!.x + box!.width / 2;
      if (lang === 'ar') expect(centre, 'Arabic: the navigation opens from the right').toBeGreaterThan(viewport.width / 2);
      else expect(centre, 'English: the navigation opens from the left').toBeLessThan(viewport.width / 2);
      await page.screenshot({ path: path.join(DIR, `home-${lang}-${device}-navigation.png`) });
      expect(shellProblems(problems)).toEqual([]);
      await context.close();
    }
  });

  it('of the entry page and the not-found page in both languages', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const { page, context } = await openPage(browser, server.url);
      await openWithStorage(page, '/', storageFor(lang, false));
      await expect.poll(() => direction(page)).toBe(expectedDirection(lang));
      await page.screenshot({ path: path.join(DIR, `entry-${lang}.png`) });
      await openWithStorage(page, '/no-such-page', {});
      const notFound = page.getByTestId('not-found');
      await expect.poll(() => notFound.locator('h1').textContent()).toBe((lang === 'ar' ? ar : en).notFound.title);
      await expect.poll(() => direction(page)).toBe(expectedDirection(lang));
      await page.screenshot({ path: path.join(DIR, `not-found-${lang}.png`) });
      await context.close();
    }
  });
});
