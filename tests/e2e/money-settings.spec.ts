/**
 * The Tax and tips section of /truck-info in the browser, on a 360 px phone, in English and in Arabic
 * (right to left): the demo vendor charges Saudi VAT (the usual 15 % suggested with the country), a VAT
 * number of the wrong form is refused on its field and nothing is saved, the right one is saved (in the
 * Arabic digits an Arabic keyboard types), and the section passes axe and fits the screen's width.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneySettings } from '../../src/domain/money/settings';
import arFields from '../../src/domain/i18n/ar/fields.json';
import arMoney from '../../src/domain/i18n/ar/money-settings.json';
import enFields from '../../src/domain/i18n/en/fields.json';
import enMoney from '../../src/domain/i18n/en/money-settings.json';
import { launchBrowser, openPage } from './support/browser';
import { callApi, DEMO_TRUCK } from './support/demo-truck';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { axeProblems } from './support/guide';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let vendor: DemoSession;

beforeAll(async () => {
  // The demo vendor and truck live on the embedded database.
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  vendor = await signInDemoVendor(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const settings = async () => (await callApi<MoneySettings>(server, `/trucks/${DEMO_TRUCK.id}/money-settings`, { token: vendor.token })).body;

/** Nothing in the section sticks out past the screen's edges or scrolls sideways. */
const sectionFits = (page: Page) =>
  page.getByTestId('money-settings').evaluate((section) => {
    // Runs in the page; this program has no DOM types.
    const width = (section.ownerDocument as unknown as { documentElement: { clientWidth: number } }).documentElement.clientWidth;
    return [section, ...section.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || el.clientWidth === 0) return false;
        return box.left < -1 || box.right > width + 1 || el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().left)}–${Math.round(el.getBoundingClientRect().right)}`);
  });

describe.each([
  { lang: 'en', m: enMoney, f: enFields, number: '300000000000003' },
  { lang: 'ar', m: arMoney, f: arFields, number: '٣١٠١٢٢٣٩٣٥٠٠٠٠٣' },
] as const)('tax and tips ($lang)', ({ lang, m, f, number }) => {
  it('charges Saudi VAT: a wrong VAT number refused on its field and nothing saved, the right one saved', async () => {
    const before = await settings();
    const { page } = await openPage(browser, server.url, { viewport: { width: 360, height: 780 } });
    await seedSession(page, vendor, lang, DEMO_TRUCK.id);
    await page.goto('/truck-info');
    const section = page.getByTestId('money-settings');
    await section.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await section.getByRole('heading', { name: m.title }).waitFor();
    const form = page.getByTestId('money-settings-form');

    await form.getByLabel(m.modes.rate, { exact: true }).check();
    await form.getByTestId('money-country').selectOption('SA');
    await expect.poll(() => form.getByTestId('money-rate').inputValue()).toBe('15');
    await form.getByTestId('money-number').fill('123456789012345');
    await form.getByTestId('money-save').click();
    await expect.poll(() => form.getByTestId('money-error-taxRegistrationNumber').textContent()).toBe(f.tax_number_sa);
    expect(await settings()).toEqual(before);
    await expect.poll(() => sectionFits(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);

    await form.getByTestId('money-number').fill(number);
    await form.getByTestId('money-save').click();
    await page.getByText(m.saved).waitFor();
    const saved = await settings();
    expect(saved).toMatchObject({ taxMode: 'rate', taxRateBp: 1500, taxCountry: 'SA', taxRegistrationNumber: lang === 'ar' ? '310122393500003' : number });
    await expect.poll(() => sectionFits(page)).toEqual([]);

    // The demo's own settings again, for the other language's run.
    expect((await callApi(server, `/trucks/${DEMO_TRUCK.id}/money-settings`, { method: 'PUT', token: vendor.token, body: before })).status).toBe(200);
  });
});
