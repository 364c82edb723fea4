/**
 * The day's close (issue 44): one business day of the truck (its time zone's local date) or a range
 * of them, with the money of its sales — the orders /home counts (not rejected, cancelled, expired or
 * still pending) — by the money core's definitions: net sales as netSalesMinor/netSalesSql, tips apart,
 * refunds apart (by the business day of the order they give money back on, as /home counts them).
 */
import { z } from 'zod';
import { CurrencySchema } from '../money';
import { ORDER_SOURCES, PAYMENT_METHODS } from '../orders/contracts';

/** The longest range one close covers. */
export const CLOSE_MAX_DAYS = 92;

const DAY_MS = 86_400_000;

export const CloseQuerySchema = z
  .strictObject({
    date: z.iso.date().optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .superRefine((query, ctx) => {
    if (query.date && (query.from || query.to)) ctx.addIssue({ code: 'custom', path: ['date'], params: { code: 'close_date_or_range' } });
    else if (!query.date && !(query.from && query.to)) ctx.addIssue({ code: 'custom', path: query.from ? ['to'] : ['from'], params: { code: 'close_date_or_range' } });
    else if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], params: { code: 'range_reversed' } });
    else if (query.from && query.to && Date.parse(query.to) - Date.parse(query.from) > (CLOSE_MAX_DAYS - 1) * DAY_MS) {
      ctx.addIssue({ code: 'custom', path: ['to'], params: { code: 'range_too_long', maxDays: CLOSE_MAX_DAYS } });
    }
  });
export type CloseQuery = z.infer<typeof CloseQuerySchema>;

/** The first and last local dates a query covers. */
export function closeRange(query: Pick<CloseQuery, 'date' | 'from' | 'to'>): { from: string; to: string } {
  return query.date ? { from: query.date, to: query.date } : { from: query.from!, to: query.to! };
}

/** Every figure in the currency's integer minor units. */
export const CloseFiguresSchema = z.object({
  orders: z.int(),
  /** Net sales plus the discount: what was sold before it, without tax. */
  grossSales: z.int(),
  discounts: z.int(),
  /** The money core's net sales: never tax, tips or delivery fees. */
  netSales: z.int(),
  tax: z.int(),
  tips: z.int(),
  deliveryFees: z.int(),
  /** Everything the orders charged: subtotal − discount + delivery fee + tax (exclusive prices) + tip. */
  total: z.int(),
  /** Money given back on these orders (net sales, tax, fee and tip together). */
  refunds: z.int(),
  /** Net sales less the net sales inside the refunds. */
  netSalesAfterRefunds: z.int(),
});
export type CloseFigures = z.infer<typeof CloseFiguresSchema>;

export const CLOSE_FIGURES = ['orders', 'grossSales', 'discounts', 'netSales', 'tax', 'tips', 'deliveryFees', 'total', 'refunds', 'netSalesAfterRefunds'] as const satisfies readonly (keyof CloseFigures)[];

export const CloseSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  timeZone: z.string(),
  currency: CurrencySchema,
  totals: CloseFiguresSchema,
  byPaymentMethod: z.array(CloseFiguresSchema.extend({ paymentMethod: z.enum(PAYMENT_METHODS) })),
  bySource: z.array(CloseFiguresSchema.extend({ source: z.enum(ORDER_SOURCES) })),
  byDay: z.array(CloseFiguresSchema.extend({ date: z.iso.date() })),
});
export type Close = z.infer<typeof CloseSchema>;

export const EMPTY_FIGURES: CloseFigures = Object.fromEntries(CLOSE_FIGURES.map((key) => [key, 0])) as CloseFigures;

/** Adds figures up: a breakdown's groups sum to the totals. */
export function sumFigures(parts: readonly CloseFigures[]): CloseFigures {
  const total = { ...EMPTY_FIGURES };
  for (const part of parts) for (const key of CLOSE_FIGURES) total[key] += part[key];
  return total;
}
