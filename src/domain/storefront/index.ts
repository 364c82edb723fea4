/**
 * The customer's truck page (/t/{slug}): what it shows of the truck, and the customer's own order
 * as its page follows it. The menu, "open now?" and placing an order are the menu, availability and
 * order contracts; this adds only what the page needs beyond them. Nothing here names staff, other
 * orders or internal ids: an order is reached by its public id alone.
 */
import { z } from 'zod';
import { CUISINES } from '../trucks';
import { CurrencySchema, TaxSettingsSchema } from '../money';
import { OrderInvoiceSchema, OrderLineSchema, OrderMoneySchema, PAYMENT_METHODS } from '../orders/contracts';
import { ORDER_STATUSES, ORDER_TYPES } from '../orders';

const TimestampSchema = z.iso.datetime({ offset: true });

/** Why a truck with a page takes no orders at all (its hours aside). */
export const NOT_TRADING_REASONS = ['not_approved', 'papers_expired'] as const;
export type NotTradingReason = (typeof NOT_TRADING_REASONS)[number];

export const StorefrontTruckSchema = z.object({
  slug: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  cuisines: z.array(z.enum(CUISINES)),
  phone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  photoUrl: z.string().nullable(),
  currency: CurrencySchema,
  timeZone: z.string(),
  /** Where the truck stands now, or at its next shift; null when neither the shift nor the truck says. */
  spot: z.object({ address: z.string(), lat: z.number(), lng: z.number() }).nullable(),
  /** The truck takes catering and event booking requests (the booking dashboard's switch). */
  takesBookings: z.boolean(),
  notTrading: z.enum(NOT_TRADING_REASONS).nullable(),
  /** What the basket totals with, as intake will (decision 017): the tax, and the tips offered. */
  tax: TaxSettingsSchema,
  tips: z.object({ enabled: z.boolean(), presetsBp: z.array(z.int()), capBp: z.int() }),
});
export type StorefrontTruck = z.infer<typeof StorefrontTruckSchema>;

/** The customer's order as its page shows it: status, money, when, and why it ended if it did. */
export const PublicOrderSchema = z.object({
  publicId: z.string(),
  displayNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  type: z.enum(ORDER_TYPES),
  lines: z.array(OrderLineSchema),
  subtotal: z.int(),
  deliveryFee: z.int(),
  total: z.int(),
  /** The money in full (discount, tax, tip), as the receipt prints it. */
  money: OrderMoneySchema,
  currency: CurrencySchema,
  deliveryAddress: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  estimatedReadyAt: TimestampSchema.nullable(),
  /** The truck's reason for a rejection or a cancellation; null otherwise. */
  reason: z.string().nullable(),
  placedAt: TimestampSchema,
  /** Each status the order reached, oldest first. */
  steps: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: TimestampSchema })),
  /** True while the customer may still take the order back (nobody at the truck has answered). */
  canCancel: z.boolean(),
  version: z.int(),
  /** Null until the order is completed; with a VAT number the page is a simplified tax invoice (issue 44). */
  invoice: OrderInvoiceSchema.nullable(),
});
export type PublicOrder = z.infer<typeof PublicOrderSchema>;

/** The form of an order's public id. A path with another answers as an unknown order: its form is no one's business. */
export const PUBLIC_ORDER_ID = /^[0-9a-f]{32}$/;

export const PublicOrderParamsSchema = z.object({
  slug: z.string().max(100),
  publicId: z.string().max(64),
});

export { isFinalStatus, ORDER_POLL_MS } from './order-page';
