/**
 * The menu in the browser, in English and in Arabic, as the demo vendor on the demo truck: create a
 * category and an item with an option group (the price typed with Arabic digits in Arabic), reorder
 * by keyboard and by dragging, mark the item sold out, search for it, and find it sold out in the
 * public menu.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu, PublicMenu } from '../../src/domain/menu';
import ar from '../../src/domain/i18n/ar/menu.json';
import { fill } from '../../src/domain/i18n/fill';
import en from '../../src/domain/i18n/en/menu.json';
import { launchBrowser, openPage } from './support/browser';
import { guideScreenshot } from './support/guide';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { waitForAnimations } from './support/shell';

const DEMO_TRUCK = { id: '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f', slug: 'saj-station' };

let server: RunningServer;
let browser: Browser;
let session: DemoSession;

beforeAll(async () => {
  // Info level: the demo sign-in is printed there.
  // Signs in as the demo vendor, and demo data is seeded on a fresh embedded database only.
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openMenu(lang: 'en' | 'ar') {
  const watched = await openPage(browser, server.url);
  await seedSession(watched.page, session, lang, DEMO_TRUCK.id);
  await watched.page.goto('/menu');
  await watched.page.getByTestId('menu-item').first().waitFor();
  return watched;
}

async function vendorMenu(): Promise<Menu> {
  const res = await fetch(`${server.url}/api/v1/trucks/${DEMO_TRUCK.id}/menu`, { headers: { authorization: `Bearer ${session.token}` } });
  return (await res.json()) as Menu;
}

const section = (page: Page, name: string) => page.getByTestId('menu-section').filter({ has: page.getByRole('heading', { name, exact: true }) });
/**
 * A section's "Add an item to …" button, pressed with the keyboard. It sits at the end of a list whose
 * rows are laid out only as they come into view (content-visibility): a click is aimed where the
 * button is as it scrolls there, before the rows above it take their real height, and once in CI it
 * landed elsewhere and no editor opened. Enter on the focused button cannot miss it.
 */
const addItemTo = (page: Page, name: string, label: string) => section(page, name).getByRole('button', { name: label }).press('Enter');
const row = (page: Page, name: string) => page.getByTestId('menu-item').filter({ hasText: name });
const rowNames = async (page: Page, category: string) =>
  (await section(page, category).getByTestId('menu-item').locator('.td-menu-item__name').allTextContents()).map((text) => text.trim());

describe.each([
  { lang: 'en', t: en, category: 'Specials', categoryAr: 'العروض', price: '1.250', priceMinor: 1250 },
  { lang: 'ar', t: ar, category: 'Late night', categoryAr: 'بعد منتصف الليل', price: '٢٫٥٠٠', priceMinor: 2500 },
] as const)('the menu ($lang)', ({ lang, t, category, categoryAr, price, priceMinor }) => {
  it('creates a category and an item with options, reorders, marks it sold out, and the public menu shows it', async () => {
    const { page, context, problems } = await openMenu(lang);
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    const shown = lang === 'en' ? category : categoryAr;
    const wrap = `${lang.toUpperCase()} halloumi wrap`;
    const wrapAr = `لفافة حلوم ${lang}`;
    const wrapShown = lang === 'en' ? wrap : wrapAr;

    // A category, named in both languages.
    await page.getByTestId('add-category').click();
    await page.getByTestId('category-name-en').fill(category);
    await page.getByTestId('category-name-ar').fill(categoryAr);
    await page.getByRole('button', { name: t.save }).click();
    await section(page, shown).waitFor();
    // The "category added" toast slides in as the new section appears: a click aimed at the section's
    // button while it moved once landed on the toast (one of five runs of the browser layer), and the
    // page's rows take their height as they come into view; the button is pressed with the keyboard
    // (addItemTo), once nothing moves.
    await waitForAnimations(page);

    // An item with a required option group of two options.
    await addItemTo(page, shown, fill(lang, t.items.addTo, { name: shown }));
    await page.getByTestId('item-name-en').fill(wrap);
    await page.getByTestId('item-name-ar').fill(wrapAr);
    // Saved without a price: the price says so, and so does the list above the form, which names it;
    // both leave as soon as a price is typed.
    await page.getByRole('button', { name: t.save }).click();
    const priceItem = page.locator('.ant-form-item').filter({ has: page.getByTestId('item-price') });
    await expect.poll(() => priceItem.locator('.ant-form-item-explain-error').allTextContents()).toEqual([lang === 'ar' ? 'هذا الحقل مطلوب.' : 'This field is required.']);
    await expect.poll(() => page.getByTestId('item-blocking').textContent()).toContain(fill(lang, t.editor.price, { currency: 'KWD' }));
    await page.getByTestId('item-price').fill(price);
    await expect.poll(() => priceItem.locator('.ant-form-item-explain-error').count()).toBe(0);
    await expect.poll(() => page.getByTestId('item-blocking-alert').count()).toBe(0);
    await page.getByTestId('add-option-group').click();
    await page.getByTestId('group-name-en').fill('Bread');
    await page.getByTestId('group-name-ar').fill('الخبز');
    await page.getByTestId('group-required').click();
    await page.getByTestId('option-name-en').fill('Saj');
    await page.getByTestId('option-name-ar').fill('صاج');
    await page.getByTestId('add-option').click();
    await page.getByTestId('option-name-en').nth(1).fill('Samoon');
    await page.getByTestId('option-name-ar').nth(1).fill('صمون');
    await page.getByTestId('option-price').nth(1).fill(lang === 'en' ? '0.100' : '٠٫١٠٠');
    // "Add option" once too often: the empty row is left out instead of silently blocking the save.
    await page.getByTestId('add-option').click();
    await expect.poll(() => page.getByTestId('option-row').count()).toBe(3);
    await guideScreenshot(page, 'menu-item-editor', lang);
    await page.getByRole('button', { name: t.save }).click();
    await row(page, wrapShown).waitFor();

    // A second item, then the first moved after it with the keyboard's button, and back by dragging.
    const karak = `${lang.toUpperCase()} rose karak`;
    await addItemTo(page, shown, fill(lang, t.items.addTo, { name: shown }));
    await page.getByTestId('item-name-en').fill(karak);
    await page.getByTestId('item-price').fill(lang === 'en' ? '0.300' : '٠٫٣٠٠');
    await page.getByRole('button', { name: t.save }).click();
    await row(page, karak).waitFor();
    // No Arabic name: the English one stands in on the Arabic screen too.
    const karakShown = karak;
    expect(await rowNames(page, shown)).toEqual([expect.stringContaining(wrapShown), expect.stringContaining(karakShown)]);

    await row(page, wrapShown).getByRole('button', { name: fill(lang, t.list.moveDown, { name: wrapShown }) }).click();
    await expect.poll(() => rowNames(page, shown)).toEqual([expect.stringContaining(karakShown), expect.stringContaining(wrapShown)]);
    await row(page, wrapShown).getByTestId('drag-handle').dragTo(row(page, karakShown));
    await expect.poll(() => rowNames(page, shown)).toEqual([expect.stringContaining(wrapShown), expect.stringContaining(karakShown)]);
    await expect
      .poll(async () => {
        const menu = await vendorMenu();
        const ours = menu.items.filter((item) => item.nameEn === wrap || item.nameEn === karak).sort((a, b) => a.position - b.position);
        return ours.map((item) => item.nameEn);
      })
      .toEqual([wrap, karak]);

    // One availability control per item, three states, the current one filled in its colour.
    const control = row(page, wrapShown).getByRole('radiogroup', { name: fill(lang, t.availability.groupFor, { name: wrapShown }) });
    const state = (name: string) => control.getByRole('radio', { name, exact: true });
    const filled = () =>
      control.locator('label:has(input:checked)').evaluate((label) => {
        const view = (label as { ownerDocument: { defaultView: { getComputedStyle(e: unknown): { backgroundColor: string } } } }).ownerDocument.defaultView;
        return view.getComputedStyle(label).backgroundColor;
      });
    await expect.poll(() => row(page, wrapShown).getByRole('radiogroup').count()).toBe(1);
    await expect.poll(() => control.getByRole('radio').count()).toBe(3);
    await expect.poll(() => state(t.availability.state.available).isChecked()).toBe(true);
    await expect.poll(() => row(page, wrapShown).getByTestId('sold-out-tag').count()).toBe(0);
    await expect.poll(filled).toBe('rgb(35, 120, 4)');

    // Sold out for the rest of the day: one tap, and it reads so at a glance.
    await state(t.availability.state.sold_out_today).click();
    await expect.poll(() => state(t.availability.state.sold_out_today).isChecked()).toBe(true);
    await expect.poll(() => row(page, wrapShown).getByTestId('sold-out-tag').textContent()).toBe(t.availability.untilTomorrow);
    await expect.poll(filled).toBe('rgb(173, 78, 0)');
    // The keyboard moves between the states like any radio group: sold out until switched back, then back on sale today.
    await state(t.availability.state.sold_out_today).focus();
    await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect.poll(() => state(t.availability.state.sold_out).isChecked()).toBe(true);
    await expect.poll(filled).toBe('rgb(207, 19, 34)');
    await expect.poll(async () => (await vendorMenu()).items.find((item) => item.nameEn === wrap)?.soldOutUntil).toBe('indefinitely');
    await state(t.availability.state.sold_out_today).click();
    await expect.poll(() => state(t.availability.state.sold_out_today).isChecked()).toBe(true);

    await guideScreenshot(page, 'menu', lang);

    // The search finds it in the interface's language and hides the rest.
    await page.getByTestId('menu-search').fill(wrapShown);
    await expect.poll(() => page.locator('[data-testid="menu-item"]:visible').count()).toBe(1);
    await expect.poll(() => page.locator('[data-testid="menu-item"]:visible').textContent()).toContain(wrapShown);
    await page.getByTestId('menu-search').fill('');

    await expect
      .poll(async () => {
        const menu = (await (await fetch(`${server.url}/api/v1/public/trucks/${DEMO_TRUCK.slug}/menu`)).json()) as PublicMenu;
        return menu.categories.flatMap((c) => c.items).find((item) => item.nameEn === wrap);
      })
      .toMatchObject({
        nameAr: wrapAr,
        priceMinor,
        available: false,
        optionGroups: [{ nameEn: 'Bread', nameAr: 'الخبز', required: true, minSelections: 1, maxSelections: 1, options: [{ nameEn: 'Saj' }, { nameEn: 'Samoon', priceDeltaMinor: 100 }] }],
      });

    expect(problems).toEqual([]);
    await context.close();
  });
});
