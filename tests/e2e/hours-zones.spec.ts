/**
 * Operating hours and delivery zones in the browser, in English and in Arabic, as the demo vendor on
 * the demo truck (no tile server: the map draws on its plain background, and any request to another
 * host would fail the test). Hours: on a Monday night (the browser's clock is set to it) the truck
 * is closed; a shift past midnight makes the live preview say it is open, a clashing shift is
 * refused naming both, and the save survives a reload. Zones: draw a polygon by clicking the map,
 * save it, and test a point inside it (by clicking) and outside it (by clicking and by typing).
 */
import type { Browser, Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hours } from '../../src/domain/hours';
import { errorMessage } from '../../src/domain/i18n/error-messages';
import type { ZoneList } from '../../src/domain/zones';
import arHours from '../../src/web/i18n/ar/hours.json';
import arZones from '../../src/web/i18n/ar/zones.json';
import enHours from '../../src/web/i18n/en/hours.json';
import enZones from '../../src/web/i18n/en/zones.json';
import { launchBrowser, openPage, type WatchedPage } from './support/browser';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { guideScreenshot } from './support/guide';
import { typeInPicker } from './support/pickers';
import { latinTextOnPage, seriousAxeViolations } from './support/shell';

const DEMO_TRUCK = '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f';
const KUWAIT = 'Asia/Kuwait';

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

/** The text before the first placeholder: what a message says whatever the time or name in it. */
const prefixOf = (text: string) => text.split('{{')[0]!.trim();

async function openSignedIn(lang: 'en' | 'ar', path: string, clockAt?: Temporal.Instant): Promise<WatchedPage> {
  // CSP bypassed for axe's script only.
  const watched = await openPage(browser, server.url, { bypassCSP: true });
  if (clockAt) await watched.page.clock.setFixedTime(clockAt.epochMilliseconds);
  await seedSession(watched.page, session, lang, DEMO_TRUCK);
  await watched.page.goto(path);
  return watched;
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** Last Monday (at least a day ago) at 23:30 on the truck's clock: the demo truck has Mondays off. */
function lastMondayNight(): Temporal.Instant {
  const today = Temporal.Now.plainDateISO(KUWAIT);
  const monday = today.subtract({ days: ((today.dayOfWeek + 5) % 7) + 1 });
  return monday.toZonedDateTime({ timeZone: KUWAIT, plainTime: '23:30' }).toInstant();
}

/**
 * No serious accessibility problem, and in Arabic no English left on the screen (user data such as
 * zone names is marked as such). The navbar's icons (anticon, named in English by Ant Design) are
 * the shell's, not these screens'.
 */
async function expectAccessibleAndTranslated(page: Page, lang: 'en' | 'ar') {
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (lang === 'ar') expect((await latinTextOnPage(page)).filter((finding) => !finding.includes('class="anticon '))).toEqual([]);
}

async function preview(page: Page) {
  const element = page.getByTestId('open-preview');
  return { state: await element.getAttribute('data-state'), text: (await element.textContent())?.trim() ?? '' };
}

/**
 * Scrolls the screen until the zone map passes under the sticky navbar, then waits for what the user
 * sees at the navbar's centre line (above the map) to be the navbar, not a Leaflet pane drawn over it.
 */
async function expectNavbarAboveMap(page: Page) {
  const map = page.getByTestId('zone-map');
  const navbar = page.getByTestId('navbar');
  // A laptop's short window: the screen scrolls far enough for the map to reach the navbar.
  await page.setViewportSize({ width: 1366, height: 480 });
  await map.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const navBox = await navbar.boundingBox();
  if (!navBox) throw new Error('the navbar has no box');
  const y = navBox.y + navBox.height / 2;
  // The map really lies under the navbar's centre line, so the check below means something.
  await expect.poll(async () => {
    const box = await map.boundingBox();
    return !!box && box.y < y && box.y + box.height > y;
  }).toBe(true);
  const mapBox = (await map.boundingBox())!;
  const x = Math.max(navBox.x, mapBox.x) / 2 + Math.min(navBox.x + navBox.width, mapBox.x + mapBox.width) / 2;
  await expect
    .poll(() =>
      page.evaluate(([px, py]) => {
        type Hit = { closest(selector: string): unknown } | null;
        const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): Hit } }).document;
        const hit = doc.elementFromPoint(px!, py!);
        return { inNavbar: !!hit?.closest('[data-testid="navbar"]'), leaflet: !!hit?.closest('.leaflet-container') };
      }, [x, y]),
    )
    .toEqual({ inNavbar: true, leaflet: false });
}

async function mapPoint(page: Page, dx: number, dy: number) {
  const box = await page.locator('.td-map__canvas').boundingBox();
  if (!box) throw new Error('the map has no box');
  return { x: box.width / 2 + dx, y: box.height / 2 + dy };
}

// Each language saves a shift of its own, so the second run has something to change.
describe.each([
  { lang: 'en', hours: enHours, zones: enZones, late: { opens: '22:00', closes: '02:00' } },
  { lang: 'ar', hours: arHours, zones: arZones, late: { opens: '21:30', closes: '01:30' } },
] as const)('operating hours and delivery zones ($lang)', ({ lang, hours: th, zones: tz, late }) => {
  /** A time as the preview writes it: in the interface's digits (Arabic-Indic in Arabic, docs/glossary.md). */
  const shown = (time: string) => (lang === 'ar' ? time.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!) : time);

  it('opens the truck past midnight, with the preview following, and refuses a clashing shift', async () => {
    const mondayNight = lastMondayNight();
    const { page, context, problems } = await openSignedIn(lang, '/operating-hours', mondayNight);
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('open-preview').waitFor();
    // A shift left from the other language's run goes first.
    while ((await page.getByTestId('shift-mon-0-remove').count()) > 0) await page.getByTestId('shift-mon-0-remove').click();
    await expectAccessibleAndTranslated(page, lang);

    const closed = await preview(page);
    expect(closed.state).toBe('closed');
    expect(closed.text.startsWith(prefixOf(th.preview.closedOpens))).toBe(true);
    expect(closed.text).toContain(shown('11:30')); // Tuesday's lunch

    await page.getByTestId('shift-mon-add').click();
    await typeInPicker(page.getByTestId('shift-mon-0-opens'), late.opens);
    await typeInPicker(page.getByTestId('shift-mon-0-closes'), late.closes);
    await page.getByTestId('shift-mon-0').getByText(th.shift.pastMidnight).waitFor();
    await expect.poll(async () => (await preview(page)).state).toBe('open');
    const open = await preview(page);
    expect(open.text.startsWith(prefixOf(th.preview.openUntil))).toBe(true);
    expect(open.text).toContain(shown(late.closes));

    // Tuesday 01:00 is still Monday night's shift: refused, naming both shifts, and nothing can be saved.
    const tuesdayShifts = await page.getByTestId('day-tue').locator('.td-shift').count();
    await page.getByTestId('shift-tue-add').click();
    await typeInPicker(page.getByTestId(`shift-tue-${tuesdayShifts}-opens`), '01:00');
    await typeInPicker(page.getByTestId(`shift-tue-${tuesdayShifts}-closes`), '03:00');
    const clash = page.getByTestId('shift-mon-0-errors');
    await clash.waitFor();
    await expect.poll(() => clash.textContent()).toContain(`${late.opens}–${late.closes}`);
    await expect.poll(() => clash.textContent()).toContain('01:00–03:00');
    if (lang === 'ar') await expect.poll(() => clash.textContent()).toMatch(/[\u0600-\u06FF]/);
    await expect.poll(() => page.getByTestId('hours-save').isDisabled()).toBe(true);
    await expect.poll(async () => (await preview(page)).state).toBe('invalid');
    await page.getByTestId(`shift-tue-${tuesdayShifts}-remove`).click();
    await clash.waitFor({ state: 'detached' });

    // The save refreshes the screen's copy; the reload waits for that, so no request is cut off.
    const refreshed = page.waitForResponse((res) => res.request().method() === 'GET' && res.url().endsWith(`/trucks/${DEMO_TRUCK}/hours`));
    await page.getByTestId('hours-save').click();
    await refreshed;
    await expect.poll(async () => (await api<Hours>(`/trucks/${DEMO_TRUCK}/hours`)).days.mon, { timeout: 10_000 }).toEqual([{ ...late, deliveryEnabled: true }]);
    await page.reload();
    await page.getByTestId('shift-mon-0-opens').waitFor();
    // Shown in the interface's digits, 24-hour.
    await expect.poll(() => page.getByTestId('shift-mon-0-opens').inputValue()).toBe(shown(late.opens));
    await expect.poll(async () => (await preview(page)).state).toBe('open');
    await guideScreenshot(page, 'operating-hours', lang);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('draws a zone on the map, then tests a point inside and outside it', async () => {
    const { page, context, problems } = await openSignedIn(lang, '/delivery-zones');
    await page.getByTestId('zone-map').waitFor();
    await page.getByTestId('zone-row').first().waitFor();
    await expectAccessibleAndTranslated(page, lang);
    // Before the zone of its own is saved: its saved message would have to fade first (5 s a language).
    await guideScreenshot(page, 'delivery-zones', lang);
    const name = `E2E square ${lang}`;

    await page.getByTestId('new-polygon').click();
    await expect.poll(() => page.getByTestId('map-mode').textContent()).toBe(tz.map.hintPolygon);
    const canvas = page.locator('.td-map__canvas');
    for (const [dx, dy] of [
      [-60, -60],
      [60, -60],
      [60, 60],
      [-60, 60],
    ] as const) {
      await canvas.click({ position: await mapPoint(page, dx, dy) });
    }
    await expect.poll(() => page.getByTestId('zone-vertices').locator('li').count()).toBe(4);
    await page.getByTestId('zone-name').fill(name);
    await page.getByTestId('fee-rule-0-fee').fill('0');
    await page.getByTestId('zone-minimum').fill('0');
    await page.getByTestId('zone-estimate').fill('15');
    await page.getByTestId('zone-save').click();
    await page.getByTestId('zone-editor').waitFor({ state: 'detached' });
    await page.getByTestId('zone-row').filter({ hasText: name }).waitFor();
    const saved = (await api<ZoneList>(`/trucks/${DEMO_TRUCK}/zones`)).zones.find((zone) => zone.name === name);
    expect(saved?.shape.kind).toBe('polygon');
    expect(saved?.shape.kind === 'polygon' && saved.shape.coordinates).toHaveLength(5);

    // Inside, by a click: free delivery beats the demo zones (whose minimums this empty basket misses).
    const answer = page.getByTestId('test-answer');
    await canvas.click({ position: await mapPoint(page, 5, 5) });
    await expect.poll(() => answer.getAttribute('data-delivers')).toBe('true');
    await expect.poll(() => answer.textContent()).toContain(name);
    await expect.poll(() => answer.textContent()).toContain(tz.test.free);

    // Just outside it, by a click.
    await canvas.click({ position: await mapPoint(page, 120, 0) });
    await expect.poll(() => answer.getAttribute('data-delivers')).toBe('false');
    await expect.poll(() => answer.textContent()).not.toContain(name);

    // Far outside every zone, typed.
    await page.getByTestId('test-lat').fill('28.9');
    await page.getByTestId('test-lng').fill('47.6');
    await page.getByTestId('test-run').click();
    await expect.poll(() => answer.textContent()).toBe(errorMessage(lang, 'outside_all_zones'));

    // Delete it, so the other language's run starts from the demo zones.
    await page.getByTestId('zone-row').filter({ hasText: name }).getByRole('button').click();
    await page.getByTestId('zone-delete').click();
    await page.getByRole('button', { name: tz.editor.delete, exact: true }).last().click();
    await page.getByTestId('zone-row').filter({ hasText: name }).waitFor({ state: 'detached' });

    await expectNavbarAboveMap(page);

    expect(problems).toEqual([]);
    await context.close();
  });
});
