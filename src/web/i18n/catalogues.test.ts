/**
 * Every catalogue exists in every language with the same keys and the same {{placeholders}}, so no
 * screen can show a raw key (or an English string) in Arabic because a translation was forgotten.
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

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('come in English and Arabic', () => {
    expect(languages).toEqual(['ar', 'en']);
  });

  describe.each(namespaces)('%s', (namespace) => {
    it('exists in every language with the same keys', () => {
      const keys = Object.fromEntries(languages.map((lang) => [lang, [...(load(lang, namespace)?.keys() ?? ['<missing file>'])].sort()]));
      for (const lang of languages) expect(keys[lang], `${lang}/${namespace}.json`).toEqual(keys.en);
    });

    it('has a non-empty string for every key, with the same placeholders in each language', () => {
      const english = load('en', namespace) ?? new Map();
      for (const lang of languages) {
        for (const [key, value] of load(lang, namespace) ?? []) {
          expect(typeof value === 'string' && value.trim() !== '', `${lang}/${namespace}.json ${key}`).toBe(true);
          expect(placeholders(value), `${lang}/${namespace}.json ${key}`).toEqual(placeholders(english.get(key)));
        }
      }
    });
  });
});
