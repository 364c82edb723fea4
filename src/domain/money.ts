/**
 * Money (docs/product.md §2.5): integer minor units of the truck's ISO 4217 currency; the rules are in
 * money/minor.ts, this module adds the schemas.
 */
import { z } from 'zod';
import { CURRENCIES } from './money/minor';

export * from './money/minor';

export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/** What the product stores (prices, fees, totals, quotes, deposits) is never negative. */
export const MoneySchema = z.object({ minor: z.int().nonnegative(), currency: CurrencySchema });
export type Money = z.infer<typeof MoneySchema>;
