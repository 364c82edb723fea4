/**
 * Helpers for the shell's browser journeys: seeding local storage, waiting for a screen, axe-core,
 * and the catalogue check that finds text on an Arabic page that did not come from the catalogue.
 */
import AxeBuilder from '@axe-core/playwright';
import type { NodeResult } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens `path` with these local-storage values already in place (set on the origin, then reloaded). */
export async function openWithStorage(page: Page, path: string, entries: Record<string, string>): Promise<void> {
  // A blank page of the app's origin, so the app itself first starts with the values in place.
  await page.route('**/__seed-storage', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }));
  await page.goto('/__seed-storage');
  await page.evaluate((values) => {
    const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
    for (const [key, value] of Object.entries(values)) storage.setItem(key, value);
  }, entries);
  await gotoScreen(page, path);
}

/**
 * The problems a page recorded, without the screens' own API calls answered 401/403/404 (a
 * signed-out visitor's screen asking for data): those belong to each feature's journey; nor the 404
 * of an unknown address (outside /api, no file extension), which the server answers with the app's
 * not-found page on purpose. The shell's journeys still fail on everything else, 5xx included.
 */
export function shellProblems(problems: string[]): string[] {
  const expected = (p: string) => /^HTTP 40[134]: .*\/api\/v1\//.test(p) || /^HTTP 404: https?:\/\/[^/]+\/(?!api\/)[^.?]*(\?.*)?$/.test(p);
  const refusals = problems.filter(expected).length;
  let browserEchoes = 0;
  return problems.filter((p) => {
    if (expected(p)) return false;
    // Chromium repeats each refused request as a console error without its address.
    if (/^console\.error: Failed to load resource: the server responded with a status of 40[134]/.test(p) && browserEchoes < refusals) {
      browserEchoes += 1;
      return false;
    }
    return true;
  });
}

export const ARABIC = { lang_dir: JSON.stringify({ lang: 'ar', dir: 'rtl' }) };

/** The language the page opens in, stored before its first script runs as the app stores the visitor's choice. */
export async function seedLanguage(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((lang) => {
    const { localStorage } = globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } };
    localStorage.setItem('lang_dir', JSON.stringify(lang === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' }));
  }, lang);
}

/**
 * True in the page once the router has rendered a screen: a layout's #main is there and neither the
 * loading bar (the first load's fallback, or a screen's code still loading) nor the page overlay is.
 * '#root > *' alone is not enough: the first thing in #root is the loading bar itself.
 */
function screenRendered(): boolean {
  // Runs in the page (a function, not a string: the app's Content-Security-Policy forbids eval).
  const doc = (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document;
  return Boolean(doc.querySelector('#root #main')) && !doc.querySelector('[data-testid=loading-bar]') && !doc.querySelector('[data-testid=page-overlay]');
}

/**
 * Waits until the app shows a screen and has stopped fetching, after a goto, a reload or a click
 * that loads a page. 'networkidle' alone is a guess (500 ms without a request), and a busy machine
 * can run script that long between two of the app's requests; so wait for the rendered screen
 * first, and again after the network settles (a redirect may have started another screen).
 */
export async function waitForScreen(page: Page): Promise<void> {
  await page.waitForFunction(screenRendered, undefined, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(screenRendered, undefined, { timeout: 60_000 });
}

/**
 * Waits until no finite animation or transition runs on the page (a drawer sliding in, a menu
 * folding): what is measured or checked for contrast is then the final state, however slow the machine.
 * Endless ones (spinners) do not count, nor those inside `except` (a selector: what a screenshot hides).
 */
export async function waitForAnimations(page: Page, options: { except?: string } = {}): Promise<void> {
  await page.waitForFunction(
    (except) => {
      type Running = {
        playState: string;
        effect: { getComputedTiming(): { iterations?: number }; target?: { closest(selector: string): unknown } | null } | null;
      };
      const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
      return doc
        .getAnimations()
        .filter((a) => !(except && a.effect?.target?.closest(except)))
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
    },
    options.except ?? '',
    { timeout: 30_000 },
  );
}

/** Dispatches a window event (toasts pause on `blur` and run again on `focus`). */
export const fireOnWindow = (page: Page, type: 'blur' | 'focus') =>
  page.evaluate((name) => {
    const win = globalThis as unknown as { dispatchEvent(e: unknown): void; Event: new (n: string) => unknown };
    win.dispatchEvent(new win.Event(name));
  }, type);

/**
 * Makes every toast's timer run `factor` times slower, on this page from now on. A toast's timer is
 * its progress bar's animation, 5 s on the page's clock, and a loaded test process has stalled longer
 * than that between two steps (CI, af291c6: the toast had come and gone before the test looked for it).
 * A test that acts on a toast while it is shown calls this first: the toast then stays `factor` × 5 s,
 * and what is checked (its place, that its timer pauses and runs again) is the same at any speed.
 * Only the timers are slowed (their animations' own playback rate, kept as toasts come and re-render):
 * slowing the whole page's animation timeline through DevTools left the settings drawer stuck
 * outside the viewport once.
 */
export async function slowToastTimers(page: Page, factor = 4): Promise<void> {
  await page.evaluate((rate) => {
    type Element = { getAnimations(): { playbackRate: number }[] };
    const g = globalThis as unknown as {
      document: { body: unknown; querySelectorAll(selector: string): ArrayLike<Element> };
      MutationObserver: new (cb: () => void) => { observe(target: unknown, options: object): void };
    };
    const slow = () => {
      for (const bar of Array.from(g.document.querySelectorAll('.Toastify__progress-bar'))) {
        for (const timer of bar.getAnimations()) if (timer.playbackRate !== rate) timer.playbackRate = rate;
      }
    };
    new g.MutationObserver(slow).observe(g.document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
  }, 1 / factor);
}

/**
 * Where a toast sits once it has slid in. Its box is read in one step with its state (shown, neither
 * sliding in nor leaving), so it is never read half-way in or out; its timer is slowed first
 * (`slowToastTimers`) so that the toast stays long enough to be read at all.
 */
export async function shownToastBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  let box: { x: number; y: number; width: number; height: number } | null = null;
  await expect
    .poll(async () => {
      box = await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: { querySelector(s: string): { getBoundingClientRect(): { x: number; y: number; width: number; height: number } } | null } }).document;
        const shown = doc.querySelector('.Toastify__toast[data-in="true"]:not(.Toastify--animate)');
        if (!shown) return null;
        const { x, y, width, height } = shown.getBoundingClientRect();
        return { x, y, width, height };
      });
      return box;
    })
    .not.toBeNull();
  return box!;
}

/** Waits until the page has the focus (after another tab of the context was closed, focus comes back a moment later). */
export async function waitForFocus(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as unknown as { document: { hasFocus(): boolean } }).document.hasFocus(), undefined, { timeout: 30_000 });
}

/** Navigates and waits until the app has rendered the screen and stopped fetching. */
export async function gotoScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForScreen(page);
}

/** Reloads and waits as gotoScreen does. */
export async function reloadScreen(page: Page): Promise<void> {
  await page.reload();
  await waitForScreen(page);
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The WCAG 2.0 and 2.1 rules of levels A and AA: what every screen is held to (accessibility.spec.ts). */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's violations on the page as it is now (the context must bypass CSP): of the rules with
 * these tags, or of all of them.
 */
export async function axeViolations(page: Page, tags?: string[]): Promise<AxeViolation[]> {
  // One run in the page itself: the app has no frames of its own, and the default mode opens a blank
  // page per run to gather frames' results, which a journey's browser context would then also hold.
  const builder = new AxeBuilder({ page }).setLegacyMode();
  const result = await (tags ? builder.withTags(tags) : builder).analyze();
  // Each element with why it fails (a contrast's colours and ratio), so a report can be acted on.
  const why = (node: NodeResult) => [...node.any, ...node.all].map((check) => check.message).join('; ');
  return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${why(n)}`) }));
}

/** axe-core's serious and critical violations on the page as it is now (the context must bypass CSP). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Text on the page with Latin letters that a person (or a screen reader) meets: text nodes and the
 * labelling attributes. Not counted: content marked as another language (lang="en" on a language
 * name), content marked translate="no" (a user's own name), hidden content, brand names, emails
 * and web addresses.
 */
export const BRAND_NAMES = ['TruckDesk'];

export async function latinTextOnPage(page: Page): Promise<string[]> {
  return page.evaluate((brands) => {
    type El = {
      closest(selector: string): unknown;
      getAttribute(name: string): string | null;
      checkVisibility(options: object): boolean;
      tagName: string;
      querySelectorAll(selector: string): ArrayLike<El>;
      outerHTML: string;
    };
    type TextNode = { nodeValue: string | null; parentElement: El | null };
    const doc = (globalThis as unknown as {
      document: {
        body: El;
        createTreeWalker(root: El, what: number): { nextNode(): TextNode | null };
      };
    }).document;
    const exempt = (el: El) =>
      Boolean(el.closest('[lang]:not([lang="ar"])') || el.closest('[translate="no"]') || el.closest('[aria-hidden="true"]') || el.closest('script,style,noscript,svg'));
    const latin = (text: string) =>
      /[A-Za-z]/.test(brands.reduce((rest, brand) => rest.split(brand).join(''), text).replace(/\S+@\S+\.\S+/g, '').replace(/https?:\/\/\S+/g, ''));
    const found: string[] = [];
    const walker = doc.createTreeWalker(doc.body, 4);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.nodeValue ?? '';
      if (!el || exempt(el) || !latin(text) || !el.checkVisibility({ visibilityProperty: true })) continue;
      found.push(`text "${text.trim()}" in <${el.tagName.toLowerCase()}>`);
    }
    for (const el of Array.from(doc.body.querySelectorAll('[aria-label],[title],[placeholder],[alt],[aria-description]'))) {
      if (exempt(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const value = el.getAttribute(name);
        if (value && latin(value)) found.push(`${name}="${value}" on ${el.outerHTML.slice(0, 120)}`);
      }
    }
    return found;
  }, BRAND_NAMES);
}

/** Text that looks like a catalogue key ("shell:navbar.settings", "routes./home"): a key with no translation. */
export async function rawCatalogueKeysOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { body: { innerText: string } } }).document;
    return doc.body.innerText
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^[a-z][\w-]*:[\w.-]+$|^[a-z][\w-]*(\.[\w/-]+)+$/.test(line));
  });
}
