/// <reference types="vite/client" />
/**
 * Every catalogue (src/domain/i18n/<lang>/<namespace>.json, read by the web and the server) exists in
 * every language with the same keys and the same {{placeholders}}, so nothing can show a raw key (or
 * an English string) in Arabic because a translation was forgotten.
 */
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });
const catalogues = Object.entries(files).map(([file, content]) => {
  const [, lang, namespace] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  return { lang: lang!, namespace: namespace!, content };
});
const languages = [...new Set(catalogues.map((c) => c.lang))].sort();
const namespaces = [...new Set(catalogues.map((c) => c.namespace))].sort();

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) for (const [k, v] of flatten(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(lang: string, namespace: string): Map<string, unknown> | undefined {
  const found = catalogues.find((c) => c.lang === lang && c.namespace === namespace);
  return found && flatten(found.content);
}

/** i18next's plural keys (`key_one`, `key_few`…): each language has its own set, by Intl.PluralRules. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Keys with an `_other` form are counted strings; `option_group_too_few` alone is a plain key. */
const countedBases = (keys: readonly string[]) => new Set(keys.filter((key) => key.endsWith('_other')).map((key) => key.replace(PLURAL, '')));
const baseOf = (key: string, counted: Set<string>) => (PLURAL.test(key) && counted.has(key.replace(PLURAL, '')) ? key.replace(PLURAL, '') : key);
const baseKeys = (iterable: Iterable<string>) => {
  const keys = [...iterable];
  const counted = countedBases(keys);
  return [...new Set(keys.map((key) => baseOf(key, counted)))].sort();
};
const pluralForms = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;

/** Texts with no words to translate (placeholders and signs alone), or English on purpose: the brand,
 * and the way to English, written as English readers look for it. */
const NOT_WORDS = /^(?:\{\{[^}]*\}\}|[^\p{L}])*$/u;
const ENGLISH_ON_PURPOSE = new Set(['common.json app.name', 'common.json languageNames.en', 'storefront.json language.switchTo', 'storefront.json language.switchLabel']);

/**
 * What of an Arabic text may hold Western digits: its {{placeholders}} (fill() and i18next write their
 * numbers in Arabic-Indic digits) and the left-to-right codes it isolates (U+2066…U+2069: a phone number
 * as it is dialled, a paper size), as docs/glossary.md allows.
 */
const westernDigitsIn = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '').replace(/\u2066[^\u2069]*\u2069/g, '').match(/[0-9]+/g) ?? [];

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('come in English and Arabic', () => {
    expect(languages).toEqual(['ar', 'en']);
  });

  describe.each(namespaces)('%s', (namespace) => {
    it('exists in every language with the same keys (plural keys in each language\'s own forms)', () => {
      const keys = Object.fromEntries(languages.map((lang) => [lang, baseKeys(load(lang, namespace)?.keys() ?? ['<missing file>'])]));
      for (const lang of languages) expect(keys[lang], `${lang}/${namespace}.json`).toEqual(keys.en);
    });

    it('gives a counted string every plural form its language has (Arabic: zero, one, two, few, many, other)', () => {
      for (const lang of languages) {
        const keys = [...(load(lang, namespace)?.keys() ?? [])];
        const counted = countedBases(keys);
        for (const base of counted) {
          const forms = pluralForms(lang).map((form) => `${base}_${form}`);
          const extra = lang === 'ar' ? [] : [`${base}_zero`].filter((key) => keys.includes(key));
          expect(keys.filter((key) => key.startsWith(`${base}_`) && key.replace(PLURAL, '') === base).sort(), `${lang}/${namespace}.json ${base}`).toEqual([...forms, ...extra].sort());
        }
      }
    });

    it('has a non-empty string for every key, with the same placeholders in each language', () => {
      const english = load('en', namespace) ?? new Map();
      for (const lang of languages) {
        const counted = countedBases([...(load(lang, namespace)?.keys() ?? []), ...english.keys()]);
        for (const [key, value] of load(lang, namespace) ?? []) {
          expect(typeof value === 'string' && value.trim() !== '', `${lang}/${namespace}.json ${key}`).toBe(true);
          if (lang === 'ar') expect(westernDigitsIn(String(value)), `${lang}/${namespace}.json ${key} writes its numbers in Arabic-Indic digits`).toEqual([]);
          if (lang === 'ar' && !NOT_WORDS.test(String(value)) && !ENGLISH_ON_PURPOSE.has(`${namespace}.json ${key}`)) expect(value, `${lang}/${namespace}.json ${key} is in Arabic`).toMatch(/[\u0621-\u064a]/);
          // A plural form may leave the count out ("one thing", «أمران»); the other placeholders stay.
          const base = baseOf(key, counted);
          const englishText = english.get(key) ?? english.get(`${base}_other`);
          const without = (names: unknown[]) => (base === key ? names : names.filter((name) => name !== 'count'));
          expect(without(placeholders(value)), `${lang}/${namespace}.json ${key}`).toEqual(without(placeholders(englishText)));
        }
      }
    });
  });
});
