/**
 * The one rule for digits (docs/glossary.md, "Numbers in the Arabic interface"): every number, price,
 * date, time and count shown in Arabic is written in Arabic-Indic digits, so the Arabic locale names
 * its numbering system — plain 'ar' gives Latin digits in recent CLDR data (Node 20's ICU among them)
 * and Arabic-Indic ones in others, and browsers ship different versions. Times are 24-hour in both
 * languages (the glossary again): the locales name the hour cycle (hc-h23), so a formatter asking for
 * a time gets "13:05" / «١٣:٠٥» without each call site choosing, and English is 'en-u-hc-h23'.
 *
 * Every Intl number, date, time or relative-time formatter that shows something to a person takes its
 * locale from intlLocale(); tests/lint/digits.test.ts fails on any other way of choosing digits in src/.
 * Pure and import-free (a type aside) so the storefront's bundle can use it as it is.
 */
import type { Lang } from './error-codes';

const INTL_LOCALES: Record<Lang, string> = {
  en: 'en-u-hc-h23',
  ar: 'ar-u-nu-arab-hc-h23',
};

/** The Intl locale for text shown in `lang`: Arabic-Indic digits in Arabic, and 24-hour times in both. */
export function intlLocale(lang: Lang): string {
  return INTL_LOCALES[lang];
}

/** For figures code reads back (dates split into parts, parsed hours), never shown: Latin digits whatever the data. */
export const MACHINE_LOCALE = 'en-US-u-nu-latn';

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function kept<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/**
 * The date and time formatter for text shown in `lang`, made once per language and options and kept:
 * making an Intl formatter costs far more than using one, and the screens format in every render
 * (the home screen's first load made 72, now 11; at a four-fold CPU slowdown the first one, which
 * loads the locale's data, still takes 60–80 ms whatever is kept).
 */
export const dateTimeFormat = (lang: Lang, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  kept(`date|${lang}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(intlLocale(lang), options));

/** The number formatter for text shown in `lang`, kept as dateTimeFormat's are. */
export const numberFormat = (lang: Lang, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  kept(`number|${lang}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(intlLocale(lang), options));

/**
 * A number as a sentence holds it ("{{count}} minutes", "order {{number}}"): the language's digits and
 * no grouping — in English exactly what String() gives. Every filled or interpolated number is written so.
 */
export const plainNumber = (value: number, lang: Lang): string => numberFormat(lang, { useGrouping: false, maximumFractionDigits: 20 }).format(value);

/**
 * The clock customers read (the truck's page, the customer's booking mails): 12-hour with ص/م or AM/PM,
 * as Gulf menus, receipts and signs print it. The counter, the dashboard and the vendor's mails keep
 * the locales' 24-hour clock (docs/glossary.md, "Times").
 */
export const CUSTOMER_CLOCK = { hourCycle: 'h12' } as const satisfies Intl.DateTimeFormatOptions;

/** Between details shown side by side: the Arabic comma in Arabic, where a middle dot reads as the zero «٠» («٧٠ · فاطمة» as ٧٠٠). */
export const detailSeparator = (lang: Lang): string => (lang === 'ar' ? '، ' : ' · ');
