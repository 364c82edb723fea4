/**
 * Money (docs/product.md §2.5): integer minor units of the truck's ISO 4217 currency; the rules are in
 * money/minor.ts, this module adds the schemas.
 */
import { z } from 'zod';
import { CURRENCIES } from './minor';
import { BASIS_POINTS, TAX_CATEGORIES } from './order-totals';

export * from './minor';

export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/** What the product stores (prices, fees, totals, quotes, deposits) is never negative. */
export const MoneySchema = z.object({ minor: z.int().nonnegative(), currency: CurrencySchema });
export type Money = z.infer<typeof MoneySchema>;

export * from './order-totals';

export const TaxCategorySchema = z.enum(TAX_CATEGORIES);

/** A rate in basis points: 0 to 10 000 (100 %). */
export const BasisPointsSchema = z.int().min(0).max(BASIS_POINTS);

export const TaxSettingsSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({
    mode: z.literal('rate'),
    rateBasisPoints: BasisPointsSchema,
    pricesIncludeTax: z.boolean(),
    deliveryFeeTaxed: z.boolean(),
  }),
]);

export const DiscountSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), basisPoints: BasisPointsSchema }),
  z.object({ kind: z.literal('fixed'), minor: z.int().nonnegative() }),
]);

export const TipSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), basisPoints: BasisPointsSchema }),
  z.object({ kind: z.literal('amount'), minor: z.int().nonnegative() }),
]);

export * from './settings';
