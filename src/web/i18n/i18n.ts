/**
 * i18next with one catalogue per feature namespace and language (src/domain/i18n/<lang>/<ns>.json).
 * Only the active language is loaded; switching language reloads the page (docs/product.md §6.4).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isolate } from '@domain/i18n/fill';
import type { UiLang } from '../app/lang-dir.slice';
import { formatPlainNumber } from '../ui/format';
import { setMessages } from '../ui/messages';

// One module per language gathers its start-up catalogues (i18n/<lang>/index.ts): the customer's truck
// page has its own entry and reads its catalogue itself, and home's catalogue loads with its screen
// (features/home/home-strings.ts), so neither is in it; the build's weight budget (vite.config.ts)
// counts the same start-up set.
const languages = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>('./*/index.ts');

let started: (instance: typeof i18next) => void = () => undefined;
const startedOnce = new Promise<typeof i18next>((resolve) => (started = resolve));

/**
 * i18next once initI18n has set it up: the router starts loading a screen (and its catalogues,
 * namespaces.ts) before the start-up catalogues are in, and a bundle added before init would be lost.
 */
export const i18nStarted = (): Promise<typeof i18next> => startedOnce;

export async function initI18n(lang: UiLang) {
  const load = languages[`./${lang}/index.ts`];
  const files = load ? (await load()).default : {};
  const resources = Object.fromEntries(Object.entries(files).map(([file, catalogue]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), catalogue]));
  // Error and field messages are worded outside i18next (ui/messages.ts), from the same start-up set.
  setMessages(lang, { errors: (resources.errors ?? {}) as Record<string, string>, fields: (resources.fields ?? {}) as Record<string, string> });
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: resources },
    ns: Object.keys(resources),
    defaultNS: 'common',
    // A number passed as is ({ count: 3 }) is written in the interface's digits (@domain/locale):
    // «٣ دقائق» in Arabic, "3 minutes" in English as before. A text that could reorder the sentence
    // (a Latin name in Arabic, an Arabic one in English) sits in its own direction isolate, as fill() does.
    interpolation: { escapeValue: false, alwaysFormat: true, format: (value: string | number) => (typeof value === 'number' ? formatPlainNumber(value, lang) : typeof value === 'string' ? isolate(value, lang) : value) },
    returnNull: false,
    // i18next otherwise advertises on the console at start-up.
    showSupportNotice: false,
  });
  started(i18next);
  return i18next;
}
