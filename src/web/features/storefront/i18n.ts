/**
 * The truck page's words: its own catalogue (src/domain/i18n/<lang>/storefront.json, kept in step with every
 * other by catalogues.test.ts) plus the cuisine and dietary-tag names the back office already has.
 * A few lines instead of i18next: the page must stay under 100 KiB of script on a phone.
 */
import { createContext, useContext } from 'react';
import arText from '@domain/i18n/ar/storefront.json';
import enText from '@domain/i18n/en/storefront.json';
import arStops from '@domain/i18n/ar/stops.json';
import enStops from '@domain/i18n/en/stops.json';
import { tags as arTags } from '@domain/i18n/ar/menu.json';
import { tags as enTags } from '@domain/i18n/en/menu.json';
import { cuisines as arCuisines } from '@domain/i18n/ar/trucks.json';
import { cuisines as enCuisines } from '@domain/i18n/en/trucks.json';
import { isolate } from '@domain/i18n/fill';
import { formatPlainNumber } from '../../ui/format';

export type Lang = 'en' | 'ar';
type Params = Record<string, string | number>;

const CATALOGUES = {
  en: { ...enText, tags: enTags, cuisines: enCuisines, stops: enStops },
  ar: { ...arText, tags: arTags, cuisines: arCuisines, stops: arStops },
};

/** Cookie the server reads to answer the page in the language picked here. */
const LANG_COOKIE = 'td_lang';

function lookup(catalogue: unknown, key: string): string | undefined {
  let value = catalogue;
  for (const part of key.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === 'string' ? value : undefined;
}

export type Translate = (key: string, params?: Params) => string;

export function translator(lang: Lang): Translate {
  // A number passed as is is written in the page's digits, and a text in its own direction isolate, as
  // i18n.ts does for the back office.
  const written = (value: string | number | undefined) => (typeof value === 'number' ? formatPlainNumber(value, lang) : isolate(value ?? '', lang));
  const plural = new Intl.PluralRules(lang);
  // A count picks its plural form as i18next does (key_zero first for 0, then key_<category>).
  const counted = (key: string, count: number) =>
    (count === 0 ? lookup(CATALOGUES[lang], `${key}_zero`) : undefined) ?? lookup(CATALOGUES[lang], `${key}_${plural.select(count)}`);
  return (key, params) => {
    const count = params?.count;
    const text = (typeof count === 'number' ? counted(key, count) : undefined) ?? lookup(CATALOGUES[lang], key) ?? key;
    return params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => written(params[name])) : text;
  };
}

/** The language the server answered in (it set <html lang>). */
export function pageLanguage(): Lang {
  return document.documentElement.lang === 'ar' ? 'ar' : 'en';
}

/** Switches in place (no reload) and remembers the choice for the server's next answer. */
export function applyLanguage(lang: Lang): void {
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
}

export interface Wording {
  lang: Lang;
  t: Translate;
  setLang(lang: Lang): void;
}

export const WordingContext = createContext<Wording>({ lang: 'en', t: translator('en'), setLang: () => undefined });
export const useWording = () => useContext(WordingContext);
