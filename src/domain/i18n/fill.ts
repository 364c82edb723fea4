/**
 * Puts values into a catalogue text's {{placeholders}}, in one pass with a function replacer. Values
 * are often what a user typed (a customer's name, a truck's description), so they are never read
 * again: a "{{truck}}" or a "$&" in them stays as typed. i18next's own interpolation replaces each
 * placeholder's first occurrence in the text built so far, so "Sara {{truck}}" as a customer's name
 * takes the truck's name and leaves the mail's real {{truck}} unfilled; the server's texts and the
 * web's error messages are filled here instead.
 *
 * Values are written for the text's language (docs/glossary.md): a number in its digits («١٠
 * ميغابايت», never «10 ميغابايت»), a list with its words and commas («PDF أو JPEG» for `{{allowed, or}}`,
 * «أ وب» otherwise), and a text that could reorder the sentence around it (a Latin name, an e-mail or a
 * phone number in Arabic, an Arabic name in English) inside its own direction isolate.
 */
import type { Lang } from '../error-codes';
import { intlLocale, plainNumber } from '../locale';

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';
/** Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** What sits in an Arabic sentence without moving anything: Arabic letters and digits, spaces, punctuation and signs («٦:٣٠ م», «١٫٥٠٠ د.ك.»). */
const ARABIC_ONLY = /^[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\s\p{P}\p{S}]*$/u;

/**
 * The text as it may sit inside a sentence in `lang`: as it is when it cannot disturb the sentence's
 * order, else between FSI and PDI (Unicode's bidi isolates: the value takes the direction of its own
 * first letter and its neighbours keep theirs, so «اتصل بالرقم +96550001234» keeps the + in front).
 */
export function isolate(text: string, lang: Lang): string {
  const foreign = lang === 'ar' ? !ARABIC_ONLY.test(text) : RIGHT_TO_LEFT.test(text);
  return foreign ? `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}` : text;
}

function written(lang: Lang, value: unknown, list: 'conjunction' | 'disjunction'): string {
  if (typeof value === 'number') return plainNumber(value, lang);
  if (Array.isArray(value)) return new Intl.ListFormat(intlLocale(lang), { type: list }).format(value.map((item) => written(lang, item, list)));
  return isolate(String(value ?? ''), lang);
}

export function fill(lang: Lang, template: string, values: Readonly<Record<string, unknown>> = {}): string {
  return template.replace(/\{\{(\w+)(, or)?\}\}/g, (_, key: string, or?: string) => written(lang, values[key], or ? 'disjunction' : 'conjunction'));
}
