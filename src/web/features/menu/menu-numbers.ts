/** Counts in the interface's language, with the digits prices use (@domain/locale). */
import type { Lang } from '@domain/errors';
import { intlLocale } from '@domain/locale';

const formats: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(intlLocale('en')),
  ar: new Intl.NumberFormat(intlLocale('ar')),
};

export const formatCount = (value: number, lang: Lang): string => formats[lang].format(value);
