/**
 * Operating hours and delivery zones in the browser, in English and in Arabic, as the demo vendor on
 * the demo truck (no tile server: the map draws on its plain background, and any request to another
 * host would fail the test). Hours: on a Monday night (the browser's clock is set to it) the truck
 * is closed; a shift past midnight makes the live preview say it is open, a clashing shift is
 * refused naming both, and the save survives a reload. Zones: draw a polygon by clicking the map,
 * save it, and test a point inside it (by clicking) and outside it (by clicking and by typing).
 * The date and time pickers of the special days and the pause: typed, saved, and shown in the
 * interface's digits, then undone.
 */
import type { Browser, Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hours } from '../../src/domain/hours';
import { intlLocale } from '../../src/domain/locale';
import type { ZoneList } from '../../src/domain/zones';
import arErrors from '../../src/domain/i18n/ar/errors.json';
import arHours from '../../src/domain/i18n/ar/hours.json';
import arZones from '../../src/domain/i18n/ar/zones.json';
import enErrors from '../../src/domain/i18n/en/errors.json';
import enHours from '../../src/domain/i18n/en/hours.json';
import enZones from '../../src/domain/i18n/en/zones.json';
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

/**
 * A date or time as the app writes it in `lang`: Intl with intlLocale's locale, run in the page, so
 * the expectation comes from the browser's ICU (month and day names vary between ICU versions) and
 * not from Node's.
 */
function formatInPage(page: Page, lang: 'en' | 'ar', options: Intl.DateTimeFormatOptions, epochMs: number): Promise<string> {
  return page.evaluate(([locale, opts, ms]) => new Intl.DateTimeFormat(locale, opts).format(ms), [intlLocale(lang), options, epochMs] as const);
}

const utcMidnight = (date: Temporal.PlainDate) => date.toZonedDateTime('UTC').epochMilliseconds;

/** A date with no special day yet, at least `daysAhead` days from today on the truck's clock. */
async function freeDate(daysAhead: number): Promise<Temporal.PlainDate> {
  const { exceptions } = await api<Hours>(`/trucks/${DEMO_TRUCK}/hours`);
  let date = Temporal.Now.plainDateISO(KUWAIT).add({ days: daysAhead });
  while (date.toString() in exceptions) date = date.add({ days: 1 });
  return date;
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

// Each language saves a shift of its own, so the second run has something to change; and a special
// day on a date of its own (days ahead), so one left by a failed run cannot pass for the other's.
describe.each([
  { lang: 'en', hours: enHours, zones: enZones, late: { opens: '22:00', closes: '02:00' }, specialDayAhead: 3 },
  { lang: 'ar', hours: arHours, zones: arZones, late: { opens: '21:30', closes: '01:30' }, specialDayAhead: 4 },
] as const)('operating hours and delivery zones ($lang)', ({ lang, hours: th, zones: tz, late, specialDayAhead }) => {
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
    await expect.poll(() => answer.textContent()).toBe({ en: enErrors, ar: arErrors }[lang].outside_all_zones);

    // Its switch in the list turns it off, saved at once.
    const active = page.getByTestId('zone-row').filter({ hasText: name }).getByRole('checkbox');
    await expect.poll(() => active.isChecked()).toBe(true);
    await active.click();
    await expect.poll(async () => (await api<ZoneList>(`/trucks/${DEMO_TRUCK}/zones`)).zones.find((zone) => zone.name === name)?.active).toBe(false);
    await expect.poll(() => active.isChecked()).toBe(false);

    // Delete it, so the other language's run starts from the demo zones.
    await page.getByTestId('zone-row').filter({ hasText: name }).getByRole('button').click();
    await page.getByTestId('zone-delete').click();
    await page.getByRole('button', { name: tz.editor.delete, exact: true }).last().click();
    await page.getByTestId('zone-row').filter({ hasText: name }).waitFor({ state: 'detached' });

    await expectNavbarAboveMap(page);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds a special day typed into the date picker, shows it in the interface digits, and removes it', async () => {
    const date = await freeDate(specialDayAhead);
    const key = date.toString();
    const { page, context, problems } = await openSignedIn(lang, '/operating-hours');
    const field = page.getByTestId('exception-date');
    await field.waitFor();

    await typeInPicker(field, key);
    // Out of the field, as to the add button: the picker shows the date as the app writes it, not as typed.
    await field.press('Tab');
    const inField = await formatInPage(page, lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }, utcMidnight(date));
    await expect.poll(() => field.inputValue()).toBe(inField);
    expect(inField).toContain(shown(String(date.day)));
    if (lang === 'ar') expect(inField).not.toMatch(/[0-9]/);

    await page.getByTestId('exception-add').click();
    const special = page.getByTestId(`exception-${key}`);
    await special.waitFor();
    const refreshed = page.waitForResponse((res) => res.request().method() === 'GET' && res.url().endsWith(`/trucks/${DEMO_TRUCK}/hours`));
    await page.getByTestId('hours-save').click();
    await refreshed;
    await expect.poll(async () => (await api<Hours>(`/trucks/${DEMO_TRUCK}/hours`)).exceptions[key], { timeout: 10_000 }).toMatchObject({ kind: 'closed' });

    // After a reload the title comes from the saved hours, not from what was typed.
    await page.reload();
    await special.waitFor();
    const title = await formatInPage(page, lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, utcMidnight(date));
    await expect.poll(() => special.locator('h3').textContent()).toBe(title);
    expect(title).toContain(shown(String(date.year)));
    if (lang === 'ar') expect(title).not.toMatch(/[0-9]/);

    // Removed and saved, so the other cases and the other language see the demo's special days only.
    const cleared = page.waitForResponse((res) => res.request().method() === 'GET' && res.url().endsWith(`/trucks/${DEMO_TRUCK}/hours`));
    await special.getByRole('button', { name: th.exceptions.remove, exact: true }).click();
    await special.waitFor({ state: 'detached' });
    await page.getByTestId('hours-save').click();
    await cleared;
    await expect.poll(async () => key in (await api<Hours>(`/trucks/${DEMO_TRUCK}/hours`)).exceptions, { timeout: 10_000 }).toBe(false);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('pauses orders until a time typed into the time picker, shows it in the interface digits, and resumes', async () => {
    // Two hours on, to the minute: far from the minute turning over while the test types it, and
    // within the 24 hours a pause may last whether it falls today or tomorrow on the truck's clock.
    const now = Temporal.Now.zonedDateTimeISO(KUWAIT);
    const until = now.add({ hours: 2 }).round({ smallestUnit: 'minute', roundingMode: 'trunc' });
    const wallTime = until.toPlainTime().toString({ smallestUnit: 'minute' });
    const { page, context, problems } = await openSignedIn(lang, '/operating-hours');
    const field = page.getByTestId('pause-until-time');
    await field.waitFor();

    await typeInPicker(field, wallTime);
    await field.press('Tab');
    await expect.poll(() => field.inputValue()).toBe(shown(wallTime));

    await page.getByTestId('pause-until').click();
    const active = page.getByTestId('pause-active');
    await active.waitFor();
    await expect
      .poll(async () => {
        const { pausedUntil } = await api<Hours>(`/trucks/${DEMO_TRUCK}/hours`);
        return pausedUntil && Date.parse(pausedUntil);
      })
      .toBe(until.epochMilliseconds);

    // As the card's formatWhen writes it: the time alone today, with the weekday when it is tomorrow.
    const sameDay = Temporal.PlainDate.compare(until.toPlainDate(), now.toPlainDate()) === 0;
    const when = await formatInPage(page, lang, { timeZone: KUWAIT, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(sameDay ? {} : { weekday: 'short' }) }, until.epochMilliseconds);
    expect(when).toContain(shown(wallTime));
    if (lang === 'ar') expect(when).not.toMatch(/[0-9]/);
    const line = active.locator('p').first();
    await expect.poll(() => line.textContent()).toBe(th.pause.pausedUntil.replace('{{time}}', when));

    // Resumed, so the preview of the other cases (on a clock of their own) is not paused.
    await page.getByTestId('pause-resume').click();
    await active.waitFor({ state: 'detached' });
    await expect.poll(async () => (await api<Hours>(`/trucks/${DEMO_TRUCK}/hours`)).pausedUntil).toBeNull();

    expect(problems).toEqual([]);
    await context.close();
  });
});
