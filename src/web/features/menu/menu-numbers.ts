/**
 * Counts in the interface's language, with the digits prices use (money.ts names the Arabic
 * numbering system explicitly, as plain 'ar' gives Latin digits in some browsers and not in others).
 */
import type { Lang } from '@domain/errors';

const formats: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en'),
  ar: new Intl.NumberFormat('ar', { numberingSystem: 'arab' }),
};

export const formatCount = (value: number, lang: Lang): string => formats[lang].format(value);
