/**
 * The settings drawer's links, toasts and maps, in English and Arabic: documentation opens the
 * user guide the app serves, share shares the truck's public page (/t/{slug}), the toast it shows
 * covers neither the navbar's controls nor the drawer's close button (measured, at 1366 and 390 px),
 * the zones map marks the truck's base and its parking spot on OpenStreetMap's standard tiles with
 * their attribution (served here by a local stub: tests never reach the internet), keeps zone names
 * from overlapping, and still works when the tiles cannot load; truck info shows the truck's base on
 * a map when asked for, and loads none before.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { callApi, DEMO_TRUCK } from './support/demo-truck';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { shownToastBox, slowToastTimers, waitForAnimations, waitForFocus, waitForScreen } from './support/shell';

const LANGS = ['en', 'ar'] as const;
const SPOT = { address: 'Marina Crescent, Salmiya', lat: 29.341, lng: 48.086 };

let server: RunningServer;
let browser: Browser;
let vendor: DemoSession;

/** Every day the demo truck opens all day at SPOT: the zones map has a parking spot to mark. */
async function parkAllDayAtSpot(): Promise<void> {
  const hours = await callApi<{ version: number }>(server, `/trucks/${DEMO_TRUCK.id}/hours`, { token: vendor.token });
  const allDay = { opens: '00:00', closes: '00:00', deliveryEnabled: true, spot: SPOT };
  const days = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [allDay]]));
  const saved = await callApi(server, `/trucks/${DEMO_TRUCK.id}/hours`, { method: 'PUT', token: vendor.token, body: { timeZone: 'Asia/Kuwait', days, exceptions: {}, version: hours.body.version } });
  if (saved.status !== 200) throw new Error(`hours: ${saved.status}`);
}

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' });
  browser = await launchBrowser();
  vendor = await signInDemoVendor(server);
  await parkAllDayAtSpot();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.each(LANGS)('the settings drawer, toasts and maps (%s)', (lang) => {
  it("opens the app's own user guide, shares the truck's public page, and its toast covers neither the navbar's controls nor the drawer's close button", async () => {
    for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      const { page, context, problems } = await openPage(browser, server.url, { viewport, permissions: ['clipboard-read', 'clipboard-write'] });
      await seedSession(page, vendor, lang, DEMO_TRUCK.id);
      await page.goto('/home');
      await waitForScreen(page);
      await page.getByTestId('settings-button').click();
      const drawer = page.locator('.td-settings .ant-drawer-section');
      await drawer.waitFor();
      await waitForAnimations(page);
      // Documentation: the guide the app serves, in the interface language; no star link to a placeholder.
      const guide = drawer.locator(`a[href="/guide/${lang}"]`);
      await guide.waitFor();
      await expect.poll(() => drawer.locator('a[href*="github.com"]').count()).toBe(0);
      const [guidePage] = await Promise.all([context.waitForEvent('page'), guide.click()]);
      await guidePage.locator('main h1').waitFor();
      await expect.poll(() => guidePage.url()).toBe(`${server.url}/guide/${lang}`);
      await guidePage.close();
      // The focus comes back to this tab a moment later; the clipboard is written only from a focused page.
      await waitForFocus(page);

      // The toast stays 4 × 5 s: a loaded machine still finds it shown.
      await slowToastTimers(page);
      await page.getByTestId('share-button').click();
      const toastBox = await shownToastBox(page);
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()))
        .toBe(`${server.url}/t/${DEMO_TRUCK.slug}`);
      const covered: string[] = [];
      const controls = page.locator('[data-testid=navbar] button, [data-testid=navbar] a, .td-settings .ant-drawer-close');
      for (let i = 0; i < (await controls.count()); i++) {
        const box = await controls.nth(i).boundingBox();
        if (box && box.width > 0 && intersects(box, toastBox)) covered.push((await controls.nth(i).getAttribute('aria-label')) ?? (await controls.nth(i).innerText()));
      }
      expect(covered, `at ${viewport.width}px`).toEqual([]);
      expect(problems.filter((p) => !/\/guide\//.test(p))).toEqual([]);
      await context.close();
    }
  });

  it("marks the truck's base and parking spot on OpenStreetMap's tiles with their attribution, and keeps zone names apart", async () => {
    const { page, context, problems } = await openPage(browser, server.url, { viewport: { width: 390, height: 844 } });
    const tiles: string[] = [];
    page.on('request', (request) => request.url().includes('tile.openstreetmap.org') && tiles.push(request.url()));
    await seedSession(page, vendor, lang, DEMO_TRUCK.id);
    await page.goto('/delivery-zones');
    await waitForScreen(page);
    const map = page.getByTestId('zone-map');
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    expect(tiles.length).toBeGreaterThan(0);
    const attribution = map.locator('.leaflet-control-attribution a[href="https://www.openstreetmap.org/copyright"]');
    await attribution.waitFor();
    await expect.poll(() => map.locator('.leaflet-control-attribution').innerText()).toContain(lang === 'ar' ? 'مساهمو' : 'contributors');
    await map.locator('.td-map-marker--base').waitFor();
    await map.locator('.td-map-marker--parking').waitFor();
    await expect.poll(() => map.locator('.td-map-marker--parking').getAttribute('title')).toBe(lang === 'ar' ? 'موقع وقوف العربة في الفترة الحالية أو القادمة' : 'Parking spot of the current or next shift');
    // Zoomed out, the names that would overlap are hidden; the rest never overlap. Read once the map
    // says the names are laid out for the new zoom: the zoom ends a frame after its animation.
    const labelsZoom = async () => Number(await map.locator('[data-labels-zoom]').getAttribute('data-labels-zoom'));
    for (let step = 0; step < 3; step++) {
      const before = await labelsZoom();
      await map.getByRole('button', { name: lang === 'ar' ? 'تصغير' : 'Zoom out' }).click();
      await expect.poll(labelsZoom).toBe(before - 1);
      const boxes = await map.locator('.td-zone-label:not(.td-zone-label--hidden)').evaluateAll((els) =>
        els.map((el) => {
          const r = (el as unknown as { getBoundingClientRect(): { x: number; y: number; width: number; height: number } }).getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      const overlapping = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => intersects(a, b)));
      expect(overlapping).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the truck's base on truck info's map when asked for, and loads no map before", async () => {
    const { page, context, problems } = await openPage(browser, server.url, { viewport: { width: 390, height: 844 } });
    await seedSession(page, vendor, lang, DEMO_TRUCK.id);
    await page.goto('/truck-info');
    await waitForScreen(page);
    const toggle = page.getByTestId('base-map-toggle');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    // The screen has settled (waitForScreen waits for the network to be idle): a map loaded with it would be drawn by now.
    await expect.poll(() => page.locator('.leaflet-container').count()).toBe(0);
    await toggle.click();
    const map = page.getByTestId('truck-map');
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    await map.locator('.leaflet-marker-icon').waitFor();
    await expect.poll(() => map.getAttribute('aria-label')).toBe(lang === 'ar' ? 'خريطة مقر العربة' : "Map of the truck's base");
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => toggle.innerText()).toBe(lang === 'ar' ? 'إخفاء الخريطة' : 'Hide the map');
    await toggle.click();
    await map.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('still works when map tiles cannot load', async () => {
    const { page, context, problems } = await openPage(browser, server.url, { viewport: { width: 390, height: 844 }, tiles: 'fail' });
    await seedSession(page, vendor, lang, DEMO_TRUCK.id);
    await page.goto('/delivery-zones');
    await waitForScreen(page);
    const map = page.getByTestId('zone-map');
    await map.locator('.td-map-marker--base').waitFor();
    // The map still answers: a click tests a point (the screen's tool), the zones list is there.
    await map.locator('.leaflet-container').click({ position: { x: 150, y: 150 } });
    await page.locator('.td-zone-label').first().waitFor({ state: 'attached' });
    expect(problems.filter((p) => !p.includes('tile.openstreetmap.org') && !/status of 503/.test(p))).toEqual([]);
    await context.close();
  });
});
