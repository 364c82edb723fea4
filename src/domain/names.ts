/**
 * "The name in the wanted language, else the other": every bilingual name and description a truck,
 * a menu or an order carries is shown by this one rule. No imports beyond the language type, so
 * mails, the storefront and the web shell can use it without the menu's schemas or Temporal.
 */
import type { Lang } from './error-codes';

export interface Named {
  nameEn: string;
  nameAr: string;
}

/** The text in the wanted language, or the other one when that is all there is, and which it is. */
export function inLanguage(value: Named, lang: Lang): { text: string; lang: Lang } {
  const wanted = lang === 'en' ? value.nameEn : value.nameAr;
  if (wanted) return { text: wanted, lang };
  return lang === 'en' ? { text: value.nameAr, lang: 'ar' } : { text: value.nameEn, lang: 'en' };
}

export const nameIn = (value: Named, lang: Lang): string => inLanguage(value, lang).text;

export const descriptionIn = (value: { descriptionEn: string; descriptionAr: string }, lang: Lang): string =>
  nameIn({ nameEn: value.descriptionEn, nameAr: value.descriptionAr }, lang);

/**
 * Case, Arabic diacritics and tatweel, and the spellings of alef, yaa and taa marbuta do not decide
 * a match: people type "شاورما" for "شاوِرما" and "اكل" for "أكل". The /menu screen's search and the
 * phone-order dialog's menu both match names this way.
 */
export function searchable(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/\s+/g, ' ')
    .trim();
}
