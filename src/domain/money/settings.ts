/**
 * A truck's money settings (issue 44): tax (none, or a rate; prices entered with or without it; the
 * delivery fee taxed or not), the tax registration number in the form its country gives, and the
 * tips the customer page offers. orderTotals() is given `taxSettingsOf(settings)`.
 */
import { z } from 'zod';
import { BASIS_POINTS, type TaxSettings } from './order-totals';
import { normalizeTaxNumber, taxNumberProblem, TAX_COUNTRIES, TAX_MODES, TIP_PRESETS_MAX } from './tax-rules';

export * from './tax-rules';

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
