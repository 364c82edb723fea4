/** The interface language, and a truck's name in it: kept light, since the navbar's switcher uses it on every screen. */
import type { Lang } from '@domain/errors';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { nameIn, type Named } from '@domain/names';

export const useLang = (): Lang => useAppSelector((s) => s.lang_dir.lang);

/** The name in the interface language, else the other one, else "Untitled truck". */
export function useTruckName() {
  const { t } = useTranslation('trucks');
  const lang = useLang();
  return useCallback(
    (truck: Named) => nameIn(truck, lang) || t('untitled'),
    [lang, t],
  );
}
