/**
 * The screen's strings load with it, not at start-up (src/web/i18n/i18n.ts leaves them out), so
 * they weigh on /home alone.
 */
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import type { UiLang } from '../../app/lang-dir.slice';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../../../domain/i18n/*/home.json');

export async function loadHomeStrings(lang: UiLang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'home')) return;
  const load = catalogues[`../../../domain/i18n/${lang}/home.json`];
  if (load) i18next.addResourceBundle(lang, 'home', (await load()).default);
}

/** True once the 'home' namespace is there for the language. */
export function useHomeStrings(lang: UiLang): boolean {
  const [loadedFor, setLoadedFor] = useState<UiLang | null>(() => (i18next.hasResourceBundle(lang, 'home') ? lang : null));
  useEffect(() => {
    let current = true;
    void loadHomeStrings(lang).then(() => current && setLoadedFor(lang));
    return () => {
      current = false;
    };
  }, [lang]);
  return loadedFor === lang;
}
