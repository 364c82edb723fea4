/**
 * i18next with one catalogue per feature namespace and language (i18n/<lang>/<ns>.json).
 * Only the active language is loaded; switching language reloads the page (seed §4).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLang } from '../app/lang-dir.slice';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

export async function initI18n(lang: UiLang) {
  const resources: Record<string, Record<string, unknown>> = {};
  await Promise.all(
    Object.entries(catalogues)
      .filter(([file]) => file.startsWith(`./${lang}/`))
      .map(async ([file, load]) => {
        const ns = file.slice(`./${lang}/`.length, -'.json'.length);
        resources[ns] = (await load()).default;
      }),
  );
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: resources },
    ns: Object.keys(resources),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // i18next otherwise advertises on the console at start-up.
    showSupportNotice: false,
  });
  return i18next;
}
