/**
 * A truck's money settings (issue 44): tax (none, or a rate; prices entered with or without it; the
 * delivery fee taxed or not), the tax registration number in the form its country gives, and the
 * tips the customer page offers. orderTotals() is given `taxSettingsOf(settings)`.
 */
import { z } from 'zod';
import { latinDigits } from './minor';
import { BASIS_POINTS, type TaxSettings } from './order-totals';

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

/** Tax rate: 0 to 100 %; above is `tax_rate_too_high`, below `tax_rate_negative`. */
const TaxRateSchema = z.int().superRefine((value, ctx) => {
  if (value > BASIS_POINTS) ctx.addIssue({ code: 'custom', message: 'tax_rate_too_high', params: { code: 'tax_rate_too_high' } });
  else if (value < 0) ctx.addIssue({ code: 'custom', message: 'tax_rate_negative', params: { code: 'tax_rate_negative' } });
});

const TipShareSchema = z.int().superRefine((value, ctx) => {
  if (value < 0) ctx.addIssue({ code: 'custom', message: 'tip_negative', params: { code: 'tip_negative' } });
  else if (value > BASIS_POINTS) ctx.addIssue({ code: 'custom', message: 'tip_share_too_high', params: { code: 'tip_share_too_high' } });
});

export const MoneySettingsSchema = z
  .strictObject({
    taxMode: z.enum(TAX_MODES),
    taxRateBp: TaxRateSchema,
    pricesIncludeTax: z.boolean(),
    deliveryFeeTaxed: z.boolean(),
    taxCountry: z.enum(TAX_COUNTRIES).nullable(),
    /** null or '' when the truck is not registered; otherwise in its country's form. */
    taxRegistrationNumber: z.string().max(40).nullable(),
    tipsEnabled: z.boolean(),
    tipPresetsBp: z.array(TipShareSchema).max(TIP_PRESETS_MAX),
    tipCapBp: TipShareSchema,
  })
  .superRefine((settings, ctx) => {
    const number = settings.taxRegistrationNumber === null ? '' : normalizeTaxNumber(settings.taxRegistrationNumber);
    if (number !== '') {
      const code = taxNumberProblem(settings.taxCountry ?? 'other', number);
      if (code) ctx.addIssue({ code: 'custom', path: ['taxRegistrationNumber'], message: code, params: { code } });
    }
    const seen = new Set<number>();
    settings.tipPresetsBp.forEach((preset, index) => {
      if (seen.has(preset)) ctx.addIssue({ code: 'custom', path: ['tipPresetsBp', index], message: 'tip_preset_duplicate', params: { code: 'tip_preset_duplicate' } });
      else if (preset > settings.tipCapBp) {
        ctx.addIssue({ code: 'custom', path: ['tipPresetsBp', index], message: 'tip_preset_above_cap', params: { code: 'tip_preset_above_cap' } });
      }
      seen.add(preset);
    });
  });
export type MoneySettings = z.infer<typeof MoneySettingsSchema>;

/** What the database keeps: the number normalized, '' stored as null, rate 0 when there is no tax. */
export function storedMoneySettings(settings: MoneySettings): MoneySettings {
  const number = settings.taxRegistrationNumber === null ? '' : normalizeTaxNumber(settings.taxRegistrationNumber);
  return {
    ...settings,
    taxRateBp: settings.taxMode === 'none' ? 0 : settings.taxRateBp,
    taxRegistrationNumber: number === '' ? null : number,
    tipPresetsBp: [...settings.tipPresetsBp].sort((a, b) => a - b),
  };
}

export function taxSettingsOf(settings: Pick<MoneySettings, 'taxMode' | 'taxRateBp' | 'pricesIncludeTax' | 'deliveryFeeTaxed'>): TaxSettings {
  return settings.taxMode === 'none'
    ? { mode: 'none' }
    : { mode: 'rate', rateBasisPoints: settings.taxRateBp, pricesIncludeTax: settings.pricesIncludeTax, deliveryFeeTaxed: settings.deliveryFeeTaxed };
}
