/**
 * What a person types into a phone or a count field, read the same way by every zod schema and every
 * form: an Arabic keyboard types Arabic-Indic («٤٠») or Eastern («۴۰») digits, and people group a
 * phone number with spaces or dashes. No zod here: the truck page imports it and must stay light.
 */
import { latinDigits } from './money/minor';

const PHONE_SEPARATORS = /[\s().\-\u2010-\u2015\u200e\u200f\u061c]/g;

/** "+٩٦٥ ٥٥٥١-٢٣٤٥" and "00965 5551 2345" are "+96555512345"; the rest is left for the schema to judge. */
export function normalizePhone(text: string): string {
  return latinDigits(text).replace(PHONE_SEPARATORS, '').replace(/^00/, '+');
}

/** A whole number typed in either digit system ("٤٠", " 40 "), or null when the text is not one. */
export function parseCount(text: string): number | null {
  const latin = latinDigits(text).replace(/[\s\u066c]/g, '');
  return /^\d{1,15}$/.test(latin) ? Number(latin) : null;
}

/** For z.preprocess: a count sent as typed text becomes its number; anything else is left to be refused. */
export function countFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return parseCount(value) ?? value;
}
