/**
 * The orders API's contracts (docs/product.md §2.6, §4): what a customer app or the phone-order
 * form sends to place an order, what the dashboard reads back (summaries in lists and live events,
 * the whole order in the panel), the list's query, and the problems intake reports.
 * The status flow itself is ./orders.ts.
 */
import { z } from 'zod';
import { PhoneSchema } from '../accounts';
import { MENU_LIMITS } from '../menu';
import { BASIS_POINTS, CurrencySchema, TaxCategorySchema, TaxSettingsSchema } from '../money';
import { countFromText } from '../digits';
import { DASHBOARD_TAB_NAMES, type DashboardTab } from './dashboard';
import { ORDER_ACTIONS, ORDER_STATUSES, ORDER_TYPES } from './flow';

export { DASHBOARD_TAB_NAMES, matchesOrderFilters, ORDER_EVENTS, orderSearch, type OrderSearch } from './dashboard';

export const PAYMENT_METHODS = ['cash', 'card', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** No payment provider is connected: an order is paid when it is handed over (completed). */
export const PAYMENT_STATUSES = ['unpaid', 'paid'] as const;

/** Where an order came from: a customer app or the public page, or staff typing in a phone call. */
export const ORDER_SOURCES = ['online', 'phone'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const ORDER_LIMITS = {
  lines: 50,
  optionsPerLine: 60,
  noteLength: 200,
  customerNameLength: 80,
  addressLength: 300,
  /** How far ahead a customer may ask for a time. */
  requestedTimeDays: 7,
  /** The longest date range a list or an export covers. */
  rangeDays: 366,
} as const;

const UuidSchema = z.uuid();
const TimestampSchema = z.iso.datetime({ offset: true });
const MinorSchema = z.int().nonnegative();

// ---- Placing an order ---------------------------------------------------------------------------

const tipShare = (value: number, ctx: z.RefinementCtx) => {
  if (value < 0) ctx.addIssue({ code: 'custom', message: 'tip_negative', params: { code: 'tip_negative' } });
};

/** A tip as the customer or staff chose it; a negative one is `tip_negative`. */
export const TipInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('percent'), basisPoints: z.int().max(BASIS_POINTS).superRefine(tipShare) }),
  z.strictObject({ kind: z.literal('amount'), minor: z.int().superRefine(tipShare) }),
]);

/** A line as the customer picked it: prices are never sent, the server reads them from the menu. */
export const OrderLineInputSchema = z.strictObject({
  itemId: UuidSchema,
  optionIds: z.array(UuidSchema).max(ORDER_LIMITS.optionsPerLine).default([]),
  qty: z.preprocess(countFromText, z.int().min(1).max(MENU_LIMITS.lineQuantity)),
  note: z.string().trim().max(ORDER_LIMITS.noteLength).default(''),
});
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

export const CustomerSchema = z.strictObject({
  name: z.string().trim().min(1).max(ORDER_LIMITS.customerNameLength),
  phone: PhoneSchema,
});
export type Customer = z.infer<typeof CustomerSchema>;

export const DeliveryInputSchema = z.strictObject({
  address: z.string().trim().min(1).max(ORDER_LIMITS.addressLength),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type DeliveryInput = z.infer<typeof DeliveryInputSchema>;

const createOrderShape = {
  lines: z.array(OrderLineInputSchema).min(1).max(ORDER_LIMITS.lines),
  customer: CustomerSchema,
  type: z.enum(ORDER_TYPES),
  /** Required for delivery orders, ignored for pickup. */
  delivery: DeliveryInputSchema.optional(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** null or absent: as soon as possible. */
  requestedTime: TimestampSchema.nullable().default(null),
  /**
   * The total the customer was shown, in minor units. When given and the menu's prices now say
   * otherwise, the order is refused (total_changed) instead of charging an amount nobody saw.
   */
  expectedTotal: MinorSchema.optional(),
  /**
   * An optional tip (decision 017): a percent of the goods after any discount, or an amount in minor
   * units. Not taxed, not revenue; at most the truck's cap; customers only when the truck offers tips.
   */
  tip: TipInputSchema.nullable().default(null),
  /**
   * A promotion code (issue 44), any case, either digits. Redeemed with the order; absent: an
   * automatic promotion (a happy hour) applies by itself when one does.
   */
  promotionCode: z.string().trim().max(100).optional(),
};

const deliveryNeedsAddress = (order: { type: string; delivery?: unknown }, ctx: z.RefinementCtx) => {
  if (order.type === 'delivery' && !order.delivery) ctx.addIssue({ code: 'custom', path: ['delivery'], params: { code: 'required' } });
};

export const CreateOrderSchema = z.strictObject(createOrderShape).superRefine(deliveryNeedsAddress);
export type CreateOrder = z.infer<typeof CreateOrderSchema>;
export type CreateOrderInput = z.input<typeof CreateOrderSchema>;

/** How long after it was taken an order taken at the counter with no connection may still be sent (decision 018). */
export const OFFLINE_ORDER_MAX_AGE_HOURS = 24;

/**
 * An order staff enter (phone or cash at the window). `takenAt`: when it was taken, for an order
 * taken on a tablet with no connection and sent later (decision 018): the order keeps that time
 * (its day, its number's day, the day's figures); not in the future, at most
 * OFFLINE_ORDER_MAX_AGE_HOURS old. Absent: now.
 */
export const StaffOrderSchema = z.strictObject({ ...createOrderShape, takenAt: TimestampSchema.optional() }).superRefine(deliveryNeedsAddress);
export type StaffOrder = z.infer<typeof StaffOrderSchema>;
export type StaffOrderInput = z.input<typeof StaffOrderSchema>;

/**
 * Why intake turned an order down, each reported as a field error (`path` into the request, a code,
 * params). The answer's own code is the most pressing problem, in this order: the truck first, then
 * the basket.
 */
export const INTAKE_PROBLEM_CODES = [
  'truck_not_trading',
  'truck_closed',
  'truck_opens_at',
  'truck_paused',
  'delivery_unavailable',
  'requested_time_past',
  'requested_time_too_far',
  'item_not_found',
  'item_unavailable',
  'option_unknown',
  'option_duplicate',
  'option_unavailable',
  'option_group_required',
  'option_group_too_few',
  'option_group_too_many',
  'invalid_quantity',
  'outside_delivery_zone',
  'below_minimum',
  'no_delivery_for_subtotal',
  'no_delivery_zones',
  'tips_not_offered',
  'tip_above_cap',
  // A promotion code the order cannot have (promotions/rules.ts PROMOTION_REASONS).
  'promotion_unknown_code',
  'promotion_not_started',
  'promotion_expired',
  'promotion_outside_hours',
  'promotion_wrong_fulfilment',
  'promotion_min_subtotal',
  'promotion_used_up',
  'promotion_already_used_by_phone',
  'total_changed',
  'taken_at_out_of_range',
] as const;
export type IntakeProblemCode = (typeof INTAKE_PROBLEM_CODES)[number];

/** Why a truck may not trade (trucks/index.ts tradingBlocks): on the field, each; as the answer's code, truck_not_trading. */
const TRADING_BLOCKS = ['truck_not_approved', 'document_missing', 'document_expired'];

export function mostPressing(codes: readonly string[]): IntakeProblemCode | 'order_refused' {
  if (codes.some((code) => TRADING_BLOCKS.includes(code))) return 'truck_not_trading';
  return INTAKE_PROBLEM_CODES.find((code) => codes.includes(code)) ?? 'order_refused';
}

// ---- Reading orders -----------------------------------------------------------------------------

export const OrderLineOptionSchema = z.object({
  groupId: UuidSchema,
  groupNameEn: z.string(),
  groupNameAr: z.string(),
  optionId: UuidSchema,
  nameEn: z.string(),
  nameAr: z.string(),
  priceDeltaMinor: z.int(),
});

/** A line as ordered: names and prices as the menu had them then. */
export const OrderLineSchema = z.object({
  itemId: UuidSchema,
  nameEn: z.string(),
  nameAr: z.string(),
  unitPrice: MinorSchema,
  qty: z.int(),
  options: z.array(OrderLineOptionSchema),
  note: z.string(),
  /** unitPrice × qty, as priced (tax-inclusive when the order's prices include tax). */
  total: MinorSchema,
  taxCategory: TaxCategorySchema,
  /** The line's shares of the order's discount and tax (decision 017: they add up to the order's). */
  discount: MinorSchema,
  tax: MinorSchema,
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/**
 * The order's money as orderTotals() computed it at intake, snapshotted (decision 017). Orders placed
 * before tax existed read tax 0, tip 0, discount 0. subtotal − discount + deliveryFee + (tax unless
 * pricesIncludeTax) + tip = total.
 */
export const OrderMoneySchema = z.object({
  /** Σ lines as priced. */
  subtotal: MinorSchema,
  discount: MinorSchema,
  /** The promotion code the discount came from, or null. */
  promotionCode: z.string().nullable(),
  deliveryFee: MinorSchema,
  /** The delivery fee's share of `tax`. */
  deliveryFeeTax: MinorSchema,
  tax: MinorSchema,
  /** Basis points: 1500 = 15 %; 0 when the truck charged no tax. */
  taxRateBp: z.int().min(0).max(BASIS_POINTS),
  /** The prices (and so subtotal and deliveryFee) have the tax in them. */
  pricesIncludeTax: z.boolean(),
  /** Not revenue, not taxed. */
  tip: MinorSchema,
  /** Revenue: subtotal − discount, without tax, tips and delivery fees (netSalesMinor()). */
  netSales: MinorSchema,
  total: MinorSchema,
});
export type OrderMoney = z.infer<typeof OrderMoneySchema>;

/** 'refund': money given back (orders/refunds.ts); the status stays as it was. */
export const HISTORY_ACTIONS = ['place', ...ORDER_ACTIONS, 'refund'] as const;

/**
 * One change of the order: who, when, why. `actor` is null for the customer placing an order and
 * for the system (auto-accept, expiry); its name is kept as it was then, its id goes when the account does.
 */
export const OrderHistoryEntrySchema = z.object({
  version: z.int(),
  status: z.enum(ORDER_STATUSES),
  action: z.enum(HISTORY_ACTIONS),
  reason: z.string().nullable(),
  at: TimestampSchema,
  actor: z.object({ id: UuidSchema.nullable(), name: z.string() }).nullable(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

/** What lists and live events carry: everything but the lines and the history. */
export const OrderSummarySchema = z.object({
  id: UuidSchema,
  truckId: UuidSchema,
  /** The customer's handle on the order: its page on the truck's site (/t/{slug}/orders/{publicId}). */
  publicId: z.string(),
  /** The daily number (restarts each local day of the truck); show it with displayNumber(). */
  number: z.int(),
  businessDate: z.iso.date(),
  status: z.enum(ORDER_STATUSES),
  type: z.enum(ORDER_TYPES),
  source: z.enum(ORDER_SOURCES),
  customer: z.object({ name: z.string(), phone: z.string() }),
  delivery: z.object({ address: z.string(), lat: z.number(), lng: z.number(), zoneName: z.string() }).nullable(),
  itemCount: z.int(),
  subtotal: MinorSchema,
  deliveryFee: MinorSchema,
  total: MinorSchema,
  /** The whole money structure (subtotal, deliveryFee and total repeat its figures). */
  money: OrderMoneySchema,
  /** What was given back on the order so far (its refunds, orders/refunds.ts); at most `total`. */
  refundedMinor: MinorSchema,
  currency: CurrencySchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  requestedTime: TimestampSchema.nullable(),
  estimatedReadyAt: TimestampSchema.nullable(),
  /** A pending order expires at this instant (the truck's acceptance window). */
  acceptBy: TimestampSchema,
  /** Someone at the truck has heard the order ring; null while it should ring. */
  acknowledgedAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  version: z.int(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/**
 * A completed order's invoice (completed is paid): the truck's sequential number (no gaps, never
 * reused), when it was issued, the seller's name and VAT number as they were then, and, for a truck
 * registered for VAT in Saudi Arabia, ZATCA's phase-1 QR payload (base64 TLV). With a VAT number the
 * receipt is a simplified tax invoice.
 */
export const OrderInvoiceSchema = z.object({
  number: z.int().positive(),
  /** The instant of completion, which the QR's timestamp also carries. */
  issuedAt: TimestampSchema,
  /** The truck's name on the invoice (Arabic when it has one, else English). */
  sellerName: z.string(),
  /** The truck's tax registration number at invoicing; null when it charged no VAT or had none (a plain receipt). */
  vatNumber: z.string().nullable(),
  zatcaQr: z.string().nullable(),
});
export type OrderInvoice = z.infer<typeof OrderInvoiceSchema>;

export const OrderSchema = OrderSummarySchema.extend({
  lines: z.array(OrderLineSchema),
  history: z.array(OrderHistoryEntrySchema),
  /** Null until the order is completed. */
  invoice: OrderInvoiceSchema.nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/** What a customer app gets back for a placed order. */
export const OrderReceiptSchema = z.object({
  id: UuidSchema,
  /** Where the customer follows the order: GET /public/trucks/{slug}/orders/{publicId}. */
  publicId: z.string(),
  number: z.int(),
  displayNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(OrderLineSchema),
  subtotal: MinorSchema,
  deliveryFee: MinorSchema,
  total: MinorSchema,
  money: OrderMoneySchema,
  currency: CurrencySchema,
  estimatedReadyAt: TimestampSchema,
});
export type OrderReceipt = z.infer<typeof OrderReceiptSchema>;

const TabSchema = z.enum(DASHBOARD_TAB_NAMES as [DashboardTab, ...DashboardTab[]]);

/** An optional range of the truck's local calendar dates, both ends included. */
const DateRangeShape = {
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
};

const checkRange = (range: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (range.from && range.to && range.from > range.to) ctx.addIssue({ code: 'custom', path: ['to'], params: { code: 'range_reversed' } });
};

/** The search box: an order number ("42", "#042"), a phone number (5 digits or more of it), or part of a name. */
const SearchSchema = z.string().trim().max(80).optional();

export const ORDER_PAGE_MAX = 100;

export const OrderListQuerySchema = z
  .strictObject({
    tab: TabSchema.default('pending'),
    ...DateRangeShape,
    q: SearchSchema,
    /** The `nextCursor` of the previous page. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(ORDER_PAGE_MAX).default(30),
  })
  .superRefine(checkRange);
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;
export type OrderListParams = z.input<typeof OrderListQuerySchema>;

export const OrderPageSchema = z.object({ orders: z.array(OrderSummarySchema), nextCursor: z.string().nullable() });
export type OrderPage = z.infer<typeof OrderPageSchema>;

export const OrderCountQuerySchema = z.strictObject({ ...DateRangeShape, q: SearchSchema }).superRefine(checkRange);
export type OrderCountQuery = z.infer<typeof OrderCountQuerySchema>;

export const OrderCountsSchema = z.record(TabSchema, z.int());
export type OrderCounts = Record<DashboardTab, number>;

/** Both dates required for an export: a file of every order a truck ever had is not a spreadsheet. */
export const OrderExportQuerySchema = z
  .strictObject({ from: z.iso.date(), to: z.iso.date() })
  .superRefine(checkRange)
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= (ORDER_LIMITS.rangeDays - 1) * 86_400_000, {
    path: ['to'],
    params: { code: 'range_too_long', maxDays: ORDER_LIMITS.rangeDays },
  });
export type OrderExportQuery = z.infer<typeof OrderExportQuerySchema>;

/** "We heard it": stops the ring for these orders on every device of the truck. */
export const AcknowledgeOrdersSchema = z.strictObject({ orderIds: z.array(UuidSchema).min(1).max(ORDER_PAGE_MAX) });
export type AcknowledgeOrders = z.infer<typeof AcknowledgeOrdersSchema>;

/** What the order dashboard needs to know of its truck (staff included, who cannot read the truck's file). */
export const OrderDeskSchema = z.object({
  truckId: UuidSchema,
  nameEn: z.string(),
  nameAr: z.string(),
  currency: CurrencySchema,
  timeZone: z.string(),
  defaultPrepMinutes: z.int(),
  acceptanceWindowMinutes: z.int(),
  autoAccept: z.boolean(),
  /** What the phone-order form computes its totals with, as intake will (decision 017). */
  tax: TaxSettingsSchema,
  tips: z.object({ enabled: z.boolean(), presetsBp: z.array(z.int()), capBp: z.int() }),
  /** The truck's base, where the phone-order map starts; null when not set. */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The caller may give money back on paid orders (the owner, or staff the owner lets: domain/access.ts 'orders.refund'). */
  mayRefund: z.boolean(),
});
export type OrderDesk = z.infer<typeof OrderDeskSchema>;

// ---- Live events (their names: ./orders/dashboard.ts) -------------------------------------------

export const OrderEventSchema = z.object({
  order: OrderSummarySchema,
  /** The status before this event: null for a new order (the dashboard moves counts between tabs with it). */
  previousStatus: z.enum(ORDER_STATUSES).nullable(),
  /** The change that made this event; absent for a new order and for acknowledgements. */
  history: OrderHistoryEntrySchema.optional(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;
