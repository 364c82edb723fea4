/**
 * Every counted string, rendered at the counts where Arabic changes its form (0, 1, 2, 3, 11, 100), in
 * the back office (i18next) and on the truck page (its own translator): the form Intl.PluralRules
 * picks, the count in the language's digits, no raw key or placeholder left. And no string may count
 * with a plain {{count}}: «١٠ دقيقة» is what one form for every number gives.
 */
import type { Lang } from '@domain/errors';
import { isolate } from '@domain/i18n/fill';
import { intlLocale } from '@domain/locale';
import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n } from 'i18next';
import { translator } from '../features/storefront/i18n';
import { initI18n } from './i18n';
import { LAZY_NAMESPACES, loadNamespaces } from './namespaces';

const files = import.meta.glob<Record<string, unknown>>('../../domain/i18n/*/*.json', { eager: true, import: 'default' });
const catalogue = (lang: string, namespace: string) => files[`../../domain/i18n/${lang}/${namespace}.json`]!;
const namespaces = [...new Set(Object.keys(files).map((file) => /\/([^/]+)\.json$/.exec(file)![1]!))].sort();
const LANGS = ['en', 'ar'] as const;
const COUNTS = [0, 1, 2, 3, 11, 100];
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key));
  return [[prefix, String(value)]];
}

const keysOf = (lang: string, namespace: string) => new Map(flatten(catalogue(lang, namespace)));
const countedKeys = (lang: string, namespace: string) => [...keysOf(lang, namespace).keys()].filter((key) => key.endsWith('_other')).map((key) => key.replace(PLURAL, ''));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!);

/** The form i18next v4 JSON picks: `_zero` for 0 when the string has one, else Intl.PluralRules' category. */
function expectedForm(keys: Map<string, string>, base: string, lang: string, count: number): string {
  if (count === 0 && keys.has(`${base}_zero`)) return keys.get(`${base}_zero`)!;
  return keys.get(`${base}_${new Intl.PluralRules(lang).select(count)}`)!;
}

/** The text with every placeholder filled as the translator will: dummies for the others (isolated, being Latin), the count in digits. */
function filled(text: string, lang: string, count: number): string {
  const digits = new Intl.NumberFormat(intlLocale(lang as Lang), { useGrouping: false }).format(count);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (name === 'count' ? digits : isolate(`‹${name}›`, lang as Lang)));
}

function check(render: (key: string, params: Record<string, string | number>) => string, lang: string, namespace: string, base: string) {
  const keys = keysOf(lang, namespace);
  const others = placeholders([...keys].filter(([key]) => key.startsWith(`${base}_`)).map(([, text]) => text).join(' ')).filter((name) => name !== 'count');
  for (const count of COUNTS) {
    const params = { ...Object.fromEntries(others.map((name) => [name, `‹${name}›`])), count };
    const text = render(base, params);
    const where = `${lang} ${namespace}:${base} at ${count}`;
    expect(text, where).not.toContain(base);
    expect(text, where).not.toMatch(/\{\{|\}\}/);
    expect(text, where).toBe(filled(expectedForm(keys, base, lang, count), lang, count));
    if (lang === 'ar') expect(text, where).not.toMatch(/[0-9]/);
  }
}

describe('counted strings', () => {
  describe.each(LANGS)('in the %s back office', (lang) => {
    let i18next: i18n;
    beforeAll(async () => {
      i18next = await initI18n(lang);
      // These catalogues load with their screens, outside the start-up set.
      await loadNamespaces(LAZY_NAMESPACES, lang);
    });

    it.each(namespaces.filter((namespace) => namespace !== 'storefront'))('%s', (namespace) => {
      for (const base of countedKeys(lang, namespace)) check((key, params) => i18next.t(`${namespace}:${key}`, params), lang, namespace, base);
    });
  });

  it.each(LANGS)('on the %s truck page', (lang) => {
    const t = translator(lang);
    const counted = countedKeys(lang, 'storefront');
    expect(counted.length).toBeGreaterThan(0);
    for (const base of counted) check(t, lang, 'storefront', base);
  });

  it('say «٣ دقائق», «دقيقتان» and «١١ دقيقة» in Arabic', async () => {
    const ar = await initI18n('ar');
    await loadNamespaces(['hours'], 'ar');
    expect(ar.t('hours:pause.forMinutes', { count: 10 })).toBe('١٠ دقائق');
    expect(ar.t('hours:pause.forMinutes', { count: 2 })).toBe('دقيقتان');
    expect(ar.t('hours:pause.forMinutes', { count: 1 })).toBe('دقيقة واحدة');
    expect(ar.t('hours:pause.forMinutes', { count: 11 })).toBe('١١ دقيقة');
    expect(ar.t('orders:list.items', { count: 3 })).toBe('٣ أصناف');
    expect(translator('ar')('cart.open', { count: 2, total: '٣٫٥٠٠ د.ك.' })).toBe('اعرض الطلب (صنفان، ٣٫٥٠٠ د.ك.)');
    expect(translator('ar')('menu.calories', { count: 5 })).toBe('٥ سعرات');
    expect(translator('en')('cart.open', { count: 1, total: 'x' })).toBe('View order · 1 item · x');
  });

  // Field messages that give a count as a bare figure after its noun ("this one has {{count}}",
  // "وعدد نقاطها الآن {{count}}"): every plural form would read the same. Any other needs its forms.
  const BARE_FIGURES = ['fields:option_max_exceeds_count', 'fields:polygon_too_few_vertices', 'fields:polygon_too_many_vertices', 'fields:too_many_exceptions'];

  it.each(LANGS)('never count with a plain {{count}} (%s catalogues)', (lang) => {
    const plain = namespaces
      .flatMap((namespace) => flatten(catalogue(lang, namespace)).filter(([key, text]) => !PLURAL.test(key) && placeholders(text).includes('count')).map(([key]) => `${namespace}:${key}`))
      .filter((key) => !BARE_FIGURES.includes(key));
    expect(plain, 'give these key_one, key_other… forms').toEqual([]);
  });
});
