/**
 * The server's words come from the same catalogues as the web's (src/domain/i18n/<lang>/<ns>.json):
 * one i18next instance holds the namespaces the server speaks (error and field messages, its mails,
 * the CSV export, the truck page's HTML). Texts are filled by @domain/i18n/fill rather than by
 * i18next: the values are often what a user typed, and i18next's interpolation lets a "{{…}}" in one
 * value take another placeholder's place.
 */
import i18next from 'i18next';
import type { Lang } from '@domain/errors';
import { fill } from '@domain/i18n/fill';
import type { Messages } from '@domain/i18n/messages';
import arCsv from '@domain/i18n/ar/csv.json';
import arErrors from '@domain/i18n/ar/errors.json';
import arFields from '@domain/i18n/ar/fields.json';
import arMail from '@domain/i18n/ar/mail.json';
import arStorefrontPage from '@domain/i18n/ar/storefront-page.json';
import arStops from '@domain/i18n/ar/stops.json';
import arCustomerMessages from '@domain/i18n/ar/customer-messages.json';
import enCsv from '@domain/i18n/en/csv.json';
import enErrors from '@domain/i18n/en/errors.json';
import enFields from '@domain/i18n/en/fields.json';
import enMail from '@domain/i18n/en/mail.json';
import enStorefrontPage from '@domain/i18n/en/storefront-page.json';
import enStops from '@domain/i18n/en/stops.json';
import enCustomerMessages from '@domain/i18n/en/customer-messages.json';

const resources = {
  en: { errors: enErrors, fields: enFields, mail: enMail, csv: enCsv, 'storefront-page': enStorefrontPage, stops: enStops, 'customer-messages': enCustomerMessages },
  ar: { errors: arErrors, fields: arFields, mail: arMail, csv: arCsv, 'storefront-page': arStorefrontPage, stops: arStops, 'customer-messages': arCustomerMessages },
} as const;

export type ServerNamespace = keyof (typeof resources)['en'];

const catalogues = i18next.createInstance();
// Resources given up front: init is synchronous, so the instance is ready when this module is.
void catalogues.init({ resources, lng: 'en', fallbackLng: 'en', initAsync: false, showSupportNotice: false });

/** A namespace's catalogue as it is (the CSV export reads its labels whole). */
export function catalogue<N extends ServerNamespace>(lang: Lang, namespace: N): (typeof resources)['en'][N] {
  return catalogues.getResourceBundle(lang, namespace) as (typeof resources)['en'][N];
}

/** The language's error and field messages, for @domain/i18n/messages and @domain/validation. */
export function messages(lang: Lang): Messages {
  return { lang, errors: catalogue(lang, 'errors'), fields: catalogue(lang, 'fields') };
}

/**
 * The text at `namespace:a.b.c` in the language, its placeholders filled with `values`. An unknown key
 * throws: the catalogue test keeps both languages' keys alike, so that is a typo in the caller.
 */
export function serverText(lang: Lang, key: `${ServerNamespace}:${string}`, values?: Readonly<Record<string, unknown>>): string {
  const [namespace, path] = key.split(':') as [ServerNamespace, string];
  const template: unknown = catalogues.getResource(lang, namespace, path);
  if (typeof template !== 'string') throw new Error(`No text at ${key} (${lang})`);
  return fill(lang, template, values);
}

/** The request's language, from Accept-Language: Arabic or English (the default). */
export function languageFromHeader(header: string | undefined): Lang {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const entry of ranked) {
    if (entry.lang === 'ar' || entry.lang === 'en') return entry.lang;
  }
  return 'en';
}
