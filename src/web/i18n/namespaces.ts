/**
 * Catalogues that load with the screens that say them, not at start-up (decision 015): a route
 * names its namespaces (app/route-table.ts) and the router fetches them with the screen's code, so a
 * string added to one screen weighs on that screen alone. The start-up set (i18n/<lang>/index.ts)
 * holds what the shell and every screen say.
 */
import { useEffect, useState } from 'react';
import { getI18n } from 'react-i18next';
import { i18nStarted } from './i18n';

/** Every namespace loaded on demand; i18n/<lang>/index.ts leaves exactly these out (namespaces.test.ts). */
export const LAZY_NAMESPACES = ['bookings', 'home', 'hours', 'menu', 'promotions', 'stops', 'zones'] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../../domain/i18n/*/{bookings,home,hours,menu,promotions,stops,zones}.json');

export const catalogueFiles = Object.keys(catalogues);

// The instance initI18n set up (i18n.ts), as react-i18next holds it: a part rendering is after that.
const has = (lang: string, ns: string) => getI18n().hasResourceBundle(lang, ns);

/** Adds the namespaces to i18next in the interface's language, each fetched once. */
export async function loadNamespaces(names: readonly LazyNamespace[], lang?: string): Promise<void> {
  const [i18n] = await Promise.all([i18nStarted(), ...names.map((ns) => fetchCatalogue(lang, ns))]);
  const language = lang ?? i18n.language;
  for (const ns of names) {
    const strings = await fetchCatalogue(language, ns);
    if (strings && !i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, strings);
  }
}

/** A catalogue's strings (Vite's import caches the module: each is fetched once). */
async function fetchCatalogue(lang: string | undefined, ns: string): Promise<Record<string, unknown> | undefined> {
  const load = catalogues[`../../domain/i18n/${lang ?? document.documentElement.lang}/${ns}.json`];
  return load ? (await load()).default : undefined;
}

/** For a part shown outside its screen's route: true once its namespace is there. */
export function useNamespace(ns: LazyNamespace): boolean {
  const lang = getI18n().language;
  const [loadedFor, setLoadedFor] = useState<string | null>(() => (has(lang, ns) ? lang : null));
  useEffect(() => {
    let current = true;
    void loadNamespaces([ns], lang).then(() => current && setLoadedFor(lang));
    return () => {
      current = false;
    };
  }, [ns, lang]);
  return loadedFor === lang;
}

/** A section's own words, both languages bundled with its code (no request of their own), added once. */
export function addSectionStrings(ns: string, byLang: Record<string, Record<string, unknown>>): void {
  for (const [lang, strings] of Object.entries(byLang)) if (!has(lang, ns)) getI18n().addResourceBundle(lang, ns, strings);
}
