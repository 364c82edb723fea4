/**
 * English and Arabic in Chromium: switching saves the language and reloads into Arabic, right to
 * left, with the sidebar on the right; Arabic pages show no text that did not come from the
 * catalogue; toasts mirror to the top left; fonts are self-hosted (Poppins latin, Cairo arabic).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { signInTab } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { ARABIC, gotoScreen, shownToastBox, slowToastTimers, latinTextOnPage, openWithStorage, rawCatalogueKeysOnPage, shellProblems, waitForScreen } from './support/shell';

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

const mirrorTransform = (page: Page) =>
  page.locator('[data-testid=navbar] .td-mirror').evaluate((el) => {
    const view = (el as { ownerDocument: { defaultView: { getComputedStyle(e: unknown): { transform: string } } } }).ownerDocument.defaultView;
    return view.getComputedStyle(el).transform;
  });

/** Lets the page finish loading its fonts, so the switch's reload cuts no request short. */
const fontsLoaded = (page: Page) => page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);

const htmlAttributes = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { lang: string; dir: string } } }).document.documentElement;
    return { lang: root.lang, dir: root.dir };
  });

describe('languages', () => {
  it('switches to Arabic: saves lang and dir, reloads right to left with the sidebar on the right, and back', async () => {
    const { page, problems, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await gotoScreen(page, '/home');
    await expect.poll(() => htmlAttributes(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.x).toBe(0);
    await expect.poll(() => mirrorTransform(page)).toBe('none');

    await fontsLoaded(page);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').click()]);
    await waitForScreen(page);
    await expect.poll(() => htmlAttributes(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string } }).localStorage.getItem('lang_dir')))
      .toBe(JSON.stringify({ lang: 'ar', dir: 'rtl' }));
    await expect
      .poll(async () => {
        const sidebar = await page.getByTestId('sidebar').boundingBox();
        return sidebar && sidebar.x + sidebar.width;
      })
      .toBe(1366);
    await expect.poll(() => page.locator('[data-testid=navbar] h1').textContent()).toBe('الرئيسية');
    await expect.poll(() => page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link').allTextContents()).toContain('الطلبات');
    await expect.poll(() => page.title()).toBe('الرئيسية، TruckDesk');
    // Icons that point (the sidebar toggle) point the other way.
    await expect.poll(() => mirrorTransform(page)).toBe('matrix(-1, 0, 0, 1, 0, 0)');

    await fontsLoaded(page);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').click()]);
    await waitForScreen(page);
    await expect.poll(() => htmlAttributes(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await expect.poll(() => page.locator('[data-testid=navbar] h1').textContent()).toBe('Home');
    expect(shellProblems(problems)).toEqual([]);
    await context.close();
  });

  it('has lang and dir right before the app script runs', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await openWithStorage(page, '/home', ARABIC);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/home');
    expect(await htmlAttributes(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await context.close();
  });

  it('shows no text outside the catalogue on Arabic pages', async () => {
    const { page, problems, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await openWithStorage(page, '/home', ARABIC);
    const findings: Record<string, string[]> = {};
    findings['/home'] = await latinTextOnPage(page);

    await page.getByRole('button', { name: 'قائمة الحساب' }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor();
    findings['/home, user menu'] = await latinTextOnPage(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'إعدادات العرض' }).click();
    await page.getByRole('dialog', { name: 'خيارات لوحة التحكم' }).waitFor();
    findings['/home, settings'] = await latinTextOnPage(page);
    await page.getByRole('button', { name: 'أغلق الإعدادات' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'افتح التنقل' }).click();
    await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).waitFor();
    findings['/home, phone navigation'] = await latinTextOnPage(page);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The entry and not-found pages as a visitor without a session sees them.
    const visitor = await openPage(browser, server.url);
    await openWithStorage(visitor.page, '/', ARABIC);
    findings['/'] = await latinTextOnPage(visitor.page);
    await gotoScreen(visitor.page, '/no-such-page');
    findings['/no-such-page'] = await latinTextOnPage(visitor.page);
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
    expect(shellProblems([...problems, ...visitor.problems])).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('shows no untranslated catalogue key in English', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    const found: string[] = [];
    const visitor = await openPage(browser, server.url);
    for (const path of ['/', '/no-such-page']) {
      await gotoScreen(visitor.page, path);
      found.push(...(await rawCatalogueKeysOnPage(visitor.page)));
    }
    await visitor.context.close();
    await gotoScreen(page, '/home');
    found.push(...(await rawCatalogueKeysOnPage(page)));
    await page.getByRole('button', { name: 'Display settings' }).click();
    await page.getByRole('dialog', { name: 'Dashboard options' }).waitFor();
    found.push(...(await rawCatalogueKeysOnPage(page)));
    expect(found).toEqual([]);
    await context.close();
  });

  it('catches text that is not from the catalogue', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    await openWithStorage(page, '/home', ARABIC);
    await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { getElementById(id: string): { append(text: string): void } } }).document;
      doc.getElementById('main').append('Hard-coded English');
    });
    expect(await latinTextOnPage(page)).toEqual(['text "Hard-coded English" in <main>']);
    await context.close();
  });

  it('mirrors toasts to the top left in Arabic', async () => {
    const { page, context } = await openPage(browser, server.url, { permissions: ['clipboard-read', 'clipboard-write'] });
    await signInTab(page, server);
    await openWithStorage(page, '/home', ARABIC);
    await page.getByRole('button', { name: 'إعدادات العرض' }).click();
    // The toast stays 4 × 5 s: a loaded machine still finds it shown.
    await slowToastTimers(page);
    await page.getByRole('button', { name: 'شارك صفحة عربتك' }).click();
    const toast = page.getByText('تم نسخ الرابط.');
    await toast.waitFor({ state: 'visible' });
    // Read where it comes to rest, in one step with its state (see shownToastBox).
    const box = await shownToastBox(page);
    expect(box.x + box.width < 1366 / 2 && box.y < 120).toBe(true);
    await context.close();
  });

  it('uses the self-hosted fonts: Poppins (latin) for English, Cairo (arabic) for Arabic, nothing from elsewhere', async () => {
    const { page, context } = await openPage(browser, server.url);
    await signInTab(page, server);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await gotoScreen(page, '/home');
    await openWithStorage(page, '/home', ARABIC);
    await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
    const bodyFont = await page.evaluate(() => {
      const g = globalThis as unknown as { getComputedStyle(el: unknown): { fontFamily: string }; document: { body: unknown } };
      return g.getComputedStyle(g.document.body).fontFamily;
    });
    expect(bodyFont.startsWith('Cairo')).toBe(true);
    const fonts = requests.filter((url) => /\.woff2?$/.test(url)).map((url) => url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.woff2?$/, ''));
    expect(fonts.some((f) => f.startsWith('poppins-latin-'))).toBe(true);
    expect(fonts.some((f) => f.startsWith('cairo-arabic-'))).toBe(true);
    expect(fonts.filter((f) => !/^(poppins-latin|cairo-arabic)-\d+-normal$/.test(f))).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(server.url) && !url.startsWith('data:'))).toEqual([]);
    await context.close();
  });
});
