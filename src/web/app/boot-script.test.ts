/**
 * index.html's inline script sets <html lang dir data-theme> before first paint from the same
 * storage the app writes; this runs it against real values so the two cannot drift apart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_TRUCK_KEY } from './current-truck';
import { langDirSlice, setLanguage } from './lang-dir.slice';
import { DEFAULT_SETTINGS, saveSettings } from './shell/settings';
import { STORAGE_KEYS, writeJson } from './storage';
import html from '../index.html?raw';

const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

function runBootScript() {
  const root = document.documentElement;
  root.lang = 'en';
  root.dir = 'ltr';
  delete root.dataset.theme;
  new Function(scripts[0]!)();
  return { lang: root.lang, dir: root.dir, theme: root.dataset.theme };
}

afterEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  delete (globalThis as { __tdEarlyReads?: unknown }).__tdEarlyReads;
});

describe('the boot script in index.html', () => {
  it("is the only inline script of the page's source (the CSP allows the hashes of the built page's inline scripts)", () => {
    expect(scripts).toHaveLength(1);
  });

  it('applies the language the app saved', () => {
    writeJson(STORAGE_KEYS.langDir, langDirSlice.reducer(undefined, setLanguage('ar')));
    expect(runBootScript()).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });

  it('applies the dark theme the settings saved', () => {
    saveSettings({ ...DEFAULT_SETTINGS, darkMode: true });
    expect(runBootScript().theme).toBe('dark');
    saveSettings({ ...DEFAULT_SETTINGS, darkMode: false });
    expect(runBootScript().theme).toBeUndefined();
  });

  it("opens a link that carries its language (the quote mail's ?lang=ar) in it, when the browser has none chosen yet", () => {
    history.replaceState(null, '', '/booking-quote/abc?lang=ar');
    expect(runBootScript()).toMatchObject({ lang: 'ar', dir: 'rtl' });
    // Saved as the app saves a choice, so the app starts in it too.
    expect(langDirSlice.reducer(undefined, { type: 'init' })).toEqual({ lang: 'ar', dir: 'rtl' });
    // A choice made in this browser stays: English chosen, the Arabic link opens in English.
    writeJson(STORAGE_KEYS.langDir, langDirSlice.reducer(undefined, setLanguage('en')));
    expect(runBootScript()).toMatchObject({ lang: 'en', dir: 'ltr' });
    localStorage.clear();
    history.replaceState(null, '', '/booking-quote/abc?lang=xx');
    expect(runBootScript()).toMatchObject({ lang: 'en', dir: 'ltr' });
    expect(localStorage.getItem(STORAGE_KEYS.langDir)).toBeNull();
  });

  it('keeps English, light, when storage is missing or corrupt', () => {
    expect(runBootScript()).toEqual({ lang: 'en', dir: 'ltr', theme: undefined });
    localStorage.setItem(STORAGE_KEYS.langDir, '{');
    localStorage.setItem(STORAGE_KEYS.settings, '{');
    expect(runBootScript()).toEqual({ lang: 'en', dir: 'ltr', theme: undefined });
  });

  it("starts a signed-in session's first reads (app/early-reads.ts), with its token and language, and none without a session", () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    runBootScript();
    expect(fetch).not.toHaveBeenCalled();
    localStorage.setItem(STORAGE_KEYS.token, 'session-token');
    writeJson(STORAGE_KEYS.langDir, langDirSlice.reducer(undefined, setLanguage('ar')));
    runBootScript();
    const headers = { authorization: 'Bearer session-token', 'accept-language': 'ar' };
    expect(fetch.mock.calls).toEqual([
      ['/api/v1/me', { headers }],
      ['/api/v1/trucks', { headers }],
    ]);
    const early = (globalThis as { __tdEarlyReads?: { authorization: string; lang: string; reads: object } }).__tdEarlyReads;
    expect(early).toMatchObject({ authorization: headers.authorization, lang: 'ar' });
    expect(Object.keys(early!.reads)).toEqual(['/api/v1/me', '/api/v1/trucks']);
  });

  it("adds the opened screen's own first reads of the truck last worked on, and only for a screen that has them", () => {
    const fetch = vi.fn((_url: string) => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    const truck = '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f';
    localStorage.setItem(STORAGE_KEYS.token, 'session-token');
    localStorage.setItem(CURRENT_TRUCK_KEY, truck);
    const started = (path: string) => {
      history.replaceState(null, '', path);
      fetch.mockClear();
      runBootScript();
      return fetch.mock.calls.map(([url]) => url);
    };
    expect(started('/orders')).toEqual(['/api/v1/me', '/api/v1/trucks', `/api/v1/trucks/${truck}/orders/desk`, `/api/v1/trucks/${truck}/orders?tab=pending&limit=30`, `/api/v1/trucks/${truck}/orders/counts`]);
    expect(started('/home')).toEqual(['/api/v1/me', '/api/v1/trucks', `/api/v1/trucks/${truck}/home`]);
    // A screen opened with a query (another tab, a filter) asks for other reads; one without any has none.
    expect(started('/orders?tab=ready')).toEqual(['/api/v1/me', '/api/v1/trucks']);
    expect(started('/truck-info')).toEqual(['/api/v1/me', '/api/v1/trucks']);
    expect(started('/constructor')).toEqual(['/api/v1/me', '/api/v1/trucks']);
    localStorage.setItem(CURRENT_TRUCK_KEY, '../../admin');
    expect(started('/home')).toEqual(['/api/v1/me', '/api/v1/trucks']);
  });
});
