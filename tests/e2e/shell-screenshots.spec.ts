/**
 * Screenshots of the shell for a person to look at: /home in English and Arabic, light and dark,
 * with the settings drawer open, on a phone and a tablet. Saved under test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      const { page, context } = await openPage(browser, server.url, { viewport });
      await signInTab(page, server);
      await openWithStorage(page, '/home', storageFor(lang, false));
      await page.screenshot({ path: path.join(DIR, `home-${lang}-${device}.png`) });
      await page.getByTestId('sidebar-toggle').click();
      await page.locator('.ant-drawer-open .ant-menu').waitFor();
      await waitForAnimations(page);
      await page.screenshot({ path: path.join(DIR, `home-${lang}-${device}-navigation.png`) });
      await context.close();
    }
  });

  it('of the entry page and the not-found page in both languages', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const { page, context } = await openPage(browser, server.url);
      await openWithStorage(page, '/', storageFor(lang, false));
      await page.screenshot({ path: path.join(DIR, `entry-${lang}.png`) });
      await openWithStorage(page, '/no-such-page', {});
      await page.screenshot({ path: path.join(DIR, `not-found-${lang}.png`) });
      await context.close();
    }
  });
});
