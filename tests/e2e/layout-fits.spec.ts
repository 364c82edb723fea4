/**
 * Screens that stuck out on a 390 px phone, in English and in Arabic, each checked where it broke:
 * the invitation page with a long address (its button ran off the page), the admin's review table
 * (the Review button hid behind the table's sideways scroll), the truck page's booking form (the
 * chosen month and day were cut), the booking calendar (an event's chip covered the next day) and
 * `/home`'s figures (a sum broke inside its number, "KWD 28.05" over "0").
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arBookings from '../../src/domain/i18n/ar/bookings.json';
import arStorefront from '../../src/domain/i18n/ar/storefront.json';
import enBookings from '../../src/domain/i18n/en/bookings.json';
import enStorefront from '../../src/domain/i18n/en/storefront.json';
import { launchBrowser, openPage } from './support/browser';
import { callApi, DEMO_TRUCK } from './support/demo-truck';
import { demoPassword, seedSession, signInByApi, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { fromLastMail } from './support/outbox';
import { startServer, type RunningServer } from './support/server';
import { seedLanguage, waitForScreen } from './support/shell';

const PHONE = { width: 390, height: 844 };

/** The page's globals that this file's in-page checks use (this program has no DOM types). */
interface Box {
  left: number;
  right: number;
  top: number;
  width: number;
}
interface PageGlobals {
  document: {
    documentElement: { scrollWidth: number; clientWidth: number };
    body: { append(node: unknown): void };
    createElement(tag: 'span'): { style: Record<string, string>; textContent: string | null; getBoundingClientRect(): Box; remove(): void };
    createRange(): { setStart(node: unknown, offset: number): void; setEnd(node: unknown, offset: number): void; getClientRects(): Iterable<Box> };
  };
  getComputedStyle(element: unknown): { font: string; fontSize: string; paddingInlineStart: string; paddingInlineEnd: string };
}

let server: RunningServer;
let browser: Browser;
let vendor: DemoSession;
let admin: DemoSession;

beforeAll(async () => {
  // The demo accounts (their sign-in printed at info level) live on a fresh embedded database.
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  vendor = await signInDemoVendor(server);
  admin = await signInByApi(server, 'admin@truckdesk.demo', demoPassword(server, 'Admin', 'admin@truckdesk.demo'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Where a located element sits across the viewport: its left and right edges. */
async function across(page: Page, selector: string): Promise<{ left: number; right: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return { left: Math.round(box.x), right: Math.round(box.x + box.width) };
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const { documentElement } = (globalThis as unknown as PageGlobals).document;
    return documentElement.scrollWidth - documentElement.clientWidth;
  });

describe.each([
  { lang: 'en', storefront: enStorefront, bookings: enBookings },
  { lang: 'ar', storefront: arStorefront, bookings: arBookings },
] as const)('at 390 px ($lang)', ({ lang, storefront, bookings }) => {
  it('the invitation page keeps a long address and its buttons on the page', async () => {
    const email = `someone.with.a.long.address.${lang}@example.com`;
    const made = await callApi(server, `/trucks/${DEMO_TRUCK.id}/team/invitations`, { method: 'POST', token: vendor.token, body: { email, name: 'Noura' } });
    expect(made.status).toBe(201);
    const link = await fromLastMail(server, email, /(\/invite\?token=[^\s]+)/);
    const { page } = await openPage(browser, server.url, { viewport: PHONE });
    await seedLanguage(page, lang);
    await page.goto(link);
    await page.locator('[data-testid=invitation][data-state=pending]').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    const button = await across(page, '[data-testid=invitation-sign-up]');
    expect(button.left).toBeGreaterThanOrEqual(0);
    expect(button.right).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });

  it('the review table keeps each row’s Review button in view', async () => {
    const { page } = await openPage(browser, server.url, { viewport: PHONE });
    await seedSession(page, admin, lang, '');
    await page.goto('/admin/reviews');
    await waitForScreen(page);
    await page.locator('[data-testid=admin-open]').first().waitFor();
    const button = await across(page, '[data-testid=admin-open]');
    expect(button.left).toBeGreaterThanOrEqual(0);
    expect(button.right).toBeLessThanOrEqual(PHONE.width);
    // And it is the element a tap there reaches, not a column scrolled beneath it.
    await page.locator('[data-testid=admin-open]').first().click({ trial: true });
    await page.context().close();
  });

  it('the booking form shows the chosen month and day whole', async () => {
    const { page } = await openPage(browser, server.url, { viewport: PHONE });
    await page.goto(`/t/${DEMO_TRUCK.slug}?lang=${lang}`);
    await page.getByRole('button', { name: storefront.booking.open }).click();
    const day = page.locator('select[name=date]');
    await day.selectOption({ index: 4 });
    const cut = await page.locator('select[name=month], select[name=date]').evaluateAll((selects) =>
      selects.flatMap((element) => {
        const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
        const select = element as unknown as { name: string; clientWidth: number; selectedOptions: ArrayLike<{ textContent: string | null }> };
        const style = getComputedStyle(select);
        // The chosen option's text in the select's own font, against the room the select gives it
        // (its width less its padding and the arrow, about one and a half letters).
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.whiteSpace = 'pre';
        probe.textContent = select.selectedOptions[0]?.textContent ?? '';
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        const room = select.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - 1.5 * parseFloat(style.fontSize);
        return needed > room ? [`${select.name}: "${probe.textContent}" needs ${Math.round(needed)} px, has ${Math.round(room)}`] : [];
      }),
    );
    expect(cut).toEqual([]);
    await page.context().close();
  });

  it('the booking calendar keeps each day’s events inside its day, and lists them beneath', async () => {
    const { page } = await openPage(browser, server.url, { viewport: PHONE });
    await seedSession(page, vendor, lang, DEMO_TRUCK.id);
    await page.goto('/booking-details');
    await waitForScreen(page);
    await page.getByText(bookings.view.calendar, { exact: true }).click();
    // Next month has the demo's three confirmed bookings: a tap on one of its days, at the grid's end.
    await page.locator('[data-testid=booking-calendar] .ant-picker-cell:not(.ant-picker-cell-in-view)').last().click();
    await expect.poll(() => page.locator('[data-testid^=calendar-booking-]').count()).toBeGreaterThanOrEqual(3);
    const outside = await page.locator('[data-testid=booking-calendar] .ant-picker-cell').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const room = cell.getBoundingClientRect();
        return [...cell.querySelectorAll('*')]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.width > 0 && (box.left < room.left - 1 || box.right > room.right + 1);
          })
          .map((el) => `${cell.getAttribute('title')}: ${el.className}`);
      }),
    );
    expect(outside).toEqual([]);
    expect(await sidewaysScroll(page)).toBe(0);
    await page.context().close();
  });

  it('a figure on /home breaks only between the currency and the amount', async () => {
    const { page } = await openPage(browser, server.url, { viewport: { width: 360, height: 740 } });
    await seedSession(page, vendor, lang, DEMO_TRUCK.id);
    await page.goto('/home');
    await waitForScreen(page);
    await page.locator('.td-figure__value').first().waitFor();
    // A day's takings as long as a busy truck's, in the figure's own element: every word of it on one line.
    const split = await page.locator('.td-figure__value').evaluateAll((values, lang) => {
      const figure = values[1]!;
      figure.textContent = lang === 'ar' ? '١١٬٢٢٨٫٠٥٠ د.ك.' : 'KWD 11,228.050';
      const text = figure.firstChild!;
      const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
      const split = words.flatMap((word) => {
        const range = (globalThis as unknown as PageGlobals).document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1 ? [word[0]] : [];
      });
      // Nor does it stick out of its card instead.
      const { scrollWidth, clientWidth } = figure as unknown as { scrollWidth: number; clientWidth: number };
      return scrollWidth > clientWidth ? [...split, `${scrollWidth} px in ${clientWidth}`] : split;
    }, lang);
    expect(split).toEqual([]);
    await page.context().close();
  });
});
