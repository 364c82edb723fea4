/**
 * The money settings' rules without their zod schema (src/domain/money/settings.ts has it): the
 * registration number's form per country, the form's first answers from the truck's currency, and a
 * percentage typed in a form as basis points. No zod (only ./minor and ./order-totals), so a screen uses them
 * without loading zod.
 */
import { latinDigits, parseDecimalNumber } from './minor';
import { BASIS_POINTS } from './order-totals';

export const TAX_MODES = ['none', 'rate'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

/** Countries whose registration number form is checked; 'other' takes any plain code. */
export const TAX_COUNTRIES = ['SA', 'AE', 'BH', 'OM', 'QA', 'KW', 'US', 'other'] as const;
export type TaxCountry = (typeof TAX_COUNTRIES)[number];

/** The field code (fields.json) a wrong registration number of each country gets. */
export const TAX_NUMBER_FORMS: Record<TaxCountry, { pattern: RegExp; code: string }> = {
  // ZATCA: 15 digits, the first and the last a 3.
  SA: { pattern: /^3\d{13}3$/, code: 'tax_number_sa' },
  // FTA Tax Registration Number; Bahrain's NBR VAT account number: 15 digits.
  AE: { pattern: /^\d{15}$/, code: 'tax_number_15_digits' },
  BH: { pattern: /^\d{15}$/, code: 'tax_number_15_digits' },
  // Oman Tax Authority VATIN: OM and 10 digits.
  OM: { pattern: /^OM\d{10}$/, code: 'tax_number_om' },
  // No VAT in Qatar or Kuwait yet, sales-tax permits differ by US state: a plain code.
  QA: { pattern: /^[A-Z0-9-]{1,30}$/, code: 'tax_number_plain' },
  KW: { pattern: /^[A-Z0-9-]{1,30}$/, code: 'tax_number_plain' },
  US: { pattern: /^[A-Z0-9-]{1,30}$/, code: 'tax_number_plain' },
  other: { pattern: /^[A-Z0-9-]{1,30}$/, code: 'tax_number_plain' },
};

/** What a person typed, as stored: Arabic-Indic digits read, spaces dropped, letters upper-case. */
export function normalizeTaxNumber(text: string): string {
  return latinDigits(text).replace(/[\s\u00a0]/g, '').toUpperCase();
}

export function taxNumberProblem(country: TaxCountry, number: string): string | null {
  const form = TAX_NUMBER_FORMS[country];
  return form.pattern.test(normalizeTaxNumber(number)) ? null : form.code;
}

/** The country a truck's currency suggests, for the settings form's first answer. */
export function countryOfCurrency(currency: string): TaxCountry {
  const byCurrency: Record<string, TaxCountry> = { SAR: 'SA', AED: 'AE', BHD: 'BH', OMR: 'OM', QAR: 'QA', KWD: 'KW', USD: 'US' };
  return byCurrency[currency] ?? 'other';
}

/** The usual rate of a country, for the form's first answer (basis points). */
export const USUAL_VAT_BP: Partial<Record<TaxCountry, number>> = { SA: 1500, AE: 500, OM: 500, BH: 1000 };

export const TIP_PRESETS_MAX = 6;

/**
 * A percentage as typed ("15", "7.25", "١٥٫٥") in basis points (1500, 725, 1550), or null when it is
 * not a number with at most two decimals. The bounds (0 to 100 %) are the schema's to say.
 */
export function percentToBasisPoints(text: string): number | null {
  const value = parseDecimalNumber(text);
  if (value === null) return null;
  const bp = Math.round(value * 100);
  return Math.abs(bp - value * 100) < 1e-6 ? bp : null;
}

/** Basis points as the plain number a percentage field shows: 1500 → "15", 725 → "7.25". */
export function basisPointsToPercent(bp: number): string {
  return String(bp / (BASIS_POINTS / 100));
}
