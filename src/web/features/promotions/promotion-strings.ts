/**
 * The screen's strings load with it, not at start-up (src/web/i18n/<lang>/index.ts leaves them out),
 * so they weigh on /promotions alone.
 */
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import type { UiLang } from '../../app/lang-dir.slice';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../../../domain/i18n/*/promotions.json');

export async function loadPromotionStrings(lang: UiLang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'promotions')) return;
  const load = catalogues[`../../../domain/i18n/${lang}/promotions.json`];
  if (load) i18next.addResourceBundle(lang, 'promotions', (await load()).default);
}

/** True once the 'promotions' namespace is there for the language. */
export function usePromotionStrings(lang: UiLang): boolean {
  const [loadedFor, setLoadedFor] = useState<UiLang | null>(() => (i18next.hasResourceBundle(lang, 'promotions') ? lang : null));
  useEffect(() => {
    let current = true;
    void loadPromotionStrings(lang).then(() => current && setLoadedFor(lang));
    return () => {
      current = false;
    };
  }, [lang]);
  return loadedFor === lang;
}
