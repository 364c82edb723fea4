/**
 * The one rule for digits (docs/glossary.md, "Numbers in the Arabic interface"): every number, price,
 * date, time and count shown in Arabic is written in Arabic-Indic digits, so the Arabic locale names
 * its numbering system — plain 'ar' gives Latin digits in recent CLDR data (Node 20's ICU among them)
 * and Arabic-Indic ones in others, and browsers ship different versions. English is plain 'en'.
 *
 * Every Intl number, date, time or relative-time formatter that shows something to a person takes its
 * locale from intlLocale(); tests/lint/digits.test.ts fails on any other way of choosing digits in src/.
 * Pure and import-free (a type aside) so the storefront's bundle can use it as it is.
 */
import type { Lang } from './error-codes';

const INTL_LOCALES: Record<Lang, string> = {
  en: 'en',
  ar: 'ar-u-nu-arab',
};

/** The Intl locale for text shown in `lang`: 'ar-u-nu-arab' (Arabic-Indic digits) for Arabic, 'en' for English. */
export function intlLocale(lang: Lang): string {
  return INTL_LOCALES[lang];
}

/** For figures code reads back (dates split into parts, parsed hours), never shown: Latin digits whatever the data. */
export const MACHINE_LOCALE = 'en-US-u-nu-latn';
