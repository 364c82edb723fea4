/**
 * Orders and what hangs off them: lines (snapshots of the menu at ordering time), the history of
 * every change, the per-truck daily number counter and the Idempotency-Key record. truck_id leads
 * every primary and unique key (docs/product.md §5: ready to distribute by truck over Citus).
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TAX_CATEGORIES } from '../../../domain/money/order-totals';
import { HISTORY_ACTIONS, ORDER_SOURCES, PAYMENT_METHODS, PAYMENT_STATUSES, type OrderLine } from '../../../domain/orders/contracts';
import { REFUND_KINDS, type RefundLine } from '../../../domain/orders/refunds';
import { DASHBOARD_TABS, ORDER_STATUSES, ORDER_TYPES, type DashboardTab } from '../../../domain/orders';
import { at, historyColumns, idempotencyKeyColumns, idempotencyKeyIndexes, money, tabOfStatus } from './shared';
import { trucks } from './trucks';
import { users } from '../schema';


export const orders = pgTable(
  'orders',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /**
     * What the customer's order page is found by: 122 random bits, never the id staff and the API use,
     * so a link shared or shoulder-surfed reveals no other order and no internal key.
     */
    publicId: text('public_id').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** The local calendar day of the truck the order was placed on, and its number within that day. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    number: integer('number').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** Kept by PostgreSQL, so the index a tab's list walks can never disagree with the status. */
    tab: text('tab', { enum: Object.keys(DASHBOARD_TABS) as [DashboardTab, ...DashboardTab[]] })
      .notNull()
      .generatedAlwaysAs(tabOfStatus(DASHBOARD_TABS)),
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    deliveryAddress: text('delivery_address'),
    deliveryLat: doublePrecision('delivery_lat'),
    deliveryLng: doublePrecision('delivery_lng'),
    zoneName: text('zone_name'),
    itemCount: integer('item_count').notNull(),
    // The order's money, snapshotted from orderTotals() at intake (decision 017); orders placed before
    // it have tax, tip and discount 0, so their totals are unchanged. `subtotal`, `delivery_fee` and
    // `total` are the subtotal_minor, delivery_fee_minor and total_minor.
    /** Σ lines as priced (tax-inclusive when prices_include_tax). */
    subtotal: money('subtotal').notNull(),
    discountMinor: money('discount_minor').notNull().default(0),
    /** The promotion code the discount came from; null when none. */
    promotionCode: text('promotion_code'),
    deliveryFee: money('delivery_fee').notNull(),
    /** The delivery fee's share of tax_minor (net sales leave it out: netSalesMinor()). */
    deliveryFeeTaxMinor: money('delivery_fee_tax_minor').notNull().default(0),
    taxMinor: money('tax_minor').notNull().default(0),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** Not revenue and not taxed. */
    tipMinor: money('tip_minor').notNull().default(0),
    total: money('total').notNull(),
    /** Σ order_refunds.amount_minor, kept with each refund under the order row's lock: never above total. */
    refundedMinor: money('refunded_minor').notNull().default(0),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    requestedTime: at('requested_time'),
    estimatedReadyAt: at('estimated_ready_at'),
    acceptBy: at('accept_by').notNull(),
    acknowledgedAt: at('acknowledged_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    version: integer('version').notNull().default(0),
    /** The truck's sequential invoice number, given when the order is completed (and so paid): no gaps, never reused. */
    invoiceNumber: integer('invoice_number'),
    /** ZATCA's phase-1 QR payload, snapshotted at invoicing for a truck registered for VAT in Saudi Arabia. */
    zatcaQr: text('zatca_qr'),
    /** When the invoice was issued (the completion), and the seller's name and VAT number as they were then (null: no VAT number). */
    invoicedAt: at('invoiced_at'),
    invoiceSellerName: text('invoice_seller_name'),
    invoiceVatNumber: text('invoice_vat_number'),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.id] }),
    uniqueIndex('orders_truck_day_number_key').on(table.truckId, table.businessDate, table.number),
    uniqueIndex('orders_truck_invoice_number_key').on(table.truckId, table.invoiceNumber),
    uniqueIndex('orders_truck_public_id_key').on(table.truckId, table.publicId),
    // A tab's list in keyset order, and its count: "pending orders of truck T" is one index range.
    index('orders_truck_tab_created_idx').on(table.truckId, table.tab, table.createdAt, table.id),
    // Exports and date-filtered searches across tabs.
    index('orders_truck_created_idx').on(table.truckId, table.createdAt, table.id),
    // The acceptance-window job: only pending orders are in it, so it stays tiny.
    index('orders_pending_accept_by_idx').on(table.acceptBy).where(sql`status = 'pending'`),
    check(
      'orders_money_check',
      sql`${table.discountMinor} >= 0 AND ${table.discountMinor} <= ${table.subtotal} AND ${table.taxMinor} >= 0 AND ${table.tipMinor} >= 0 AND ${table.deliveryFeeTaxMinor} BETWEEN 0 AND ${table.taxMinor} AND ${table.taxRateBp} BETWEEN 0 AND 10000`,
    ),
    check('orders_refunded_check', sql`${table.refundedMinor} BETWEEN 0 AND ${table.total}`),
  ],
);

export type OrderLineOptions = OrderLine['options'];

export const orderLines = pgTable(
  'order_lines',
  {
    truckId: uuid('truck_id').notNull(),
    orderId: uuid('order_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    itemId: uuid('item_id').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    unitPrice: money('unit_price').notNull(),
    qty: integer('qty').notNull(),
    options: jsonb('options').$type<OrderLineOptions>().notNull(),
    note: text('note').notNull().default(''),
    /** unit_price × qty, as priced. */
    total: money('total').notNull(),
    taxCategory: text('tax_category', { enum: TAX_CATEGORIES }).notNull().default('standard'),
    /** The line's shares of the order's discount and tax (largest remainder, decision 017). */
    discountMinor: money('discount_minor').notNull().default(0),
    taxMinor: money('tax_minor').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.orderId, table.lineNo] }),
    foreignKey({ columns: [table.truckId, table.orderId], foreignColumns: [orders.truckId, orders.id] }).onDelete('cascade'),
  ],
);

/** One row per version of the order: version 0 is its placing, each change adds the next. */
export const orderHistory = pgTable(
  'order_history',
  {
    truckId: uuid('truck_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** Actor null: the customer (placing it) or the system (auto-accept, expiry). */
    ...historyColumns(ORDER_STATUSES, HISTORY_ACTIONS),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.orderId, table.version] }),
    foreignKey({ columns: [table.truckId, table.orderId], foreignColumns: [orders.truckId, orders.id] }).onDelete('cascade'),
  ],
);

/**
 * Money given back on a paid order (issue 44, domain/orders/refunds.ts): the whole rest or chosen
 * lines, with a reason and who gave it. Its parts (net sales, tax, delivery fee without its tax, tip)
 * are what /home's rollups subtract (triggers in the `refunds` migration).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    truckId: uuid('truck_id').notNull(),
    id: uuid('id').notNull(),
    orderId: uuid('order_id').notNull(),
    kind: text('kind', { enum: REFUND_KINDS }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    netSalesMinor: money('net_sales_minor').notNull(),
    taxMinor: money('tax_minor').notNull(),
    deliveryFeeMinor: money('delivery_fee_minor').notNull(),
    tipMinor: money('tip_minor').notNull(),
    lines: jsonb('lines').$type<RefundLine[]>().notNull(),
    reason: text('reason').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as it was then, like history's actor name; null: the system. */
    byName: text('by_name'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.id] }),
    foreignKey({ columns: [table.truckId, table.orderId], foreignColumns: [orders.truckId, orders.id] }).onDelete('cascade'),
    index('order_refunds_truck_order_idx').on(table.truckId, table.orderId, table.createdAt),
    check(
      'order_refunds_money_check',
      sql`${table.amountMinor} > 0 AND ${table.amountMinor} = ${table.netSalesMinor} + ${table.taxMinor} + ${table.deliveryFeeMinor} + ${table.tipMinor}`,
    ),
  ],
);

/** The last daily number given per truck and local day; its row lock hands out numbers one at a time. */
export const orderDayCounters = pgTable(
  'order_day_counters',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.businessDate] })],
);

/** The last invoice number given per truck; its row lock, taken in the completing transaction, hands them out one at a time. */
export const truckInvoiceCounters = pgTable('truck_invoice_counters', {
  truckId: uuid('truck_id')
    .primaryKey()
    .references(() => trucks.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

/**
 * How many orders each dashboard tab holds, per truck, kept by the database (triggers in the
 * `order_tab_counts_triggers` migration): a truck's count of a tab is the sum of its rows. Every
 * statement that places, moves or deletes orders appends its own delta rows instead of updating one
 * row per tab, so concurrent intake never queues on a shared counter row; the
 * `orders-compact-tab-counts` job folds them back into one row per truck and tab. The unfiltered
 * counts then read a few rows instead of every order the truck ever took.
 */
export const orderTabCounts = pgTable(
  'order_tab_counts',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    tab: text('tab', { enum: Object.keys(DASHBOARD_TABS) as [DashboardTab, ...DashboardTab[]] }).notNull(),
    // Random, like every truck-owned id: no sequence shared by all trucks (decision 010).
    id: uuid('id').notNull().defaultRandom(),
    delta: integer('delta').notNull(),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.tab, table.id] })],
);

/**
 * An Idempotency-Key seen at intake: a retry with the same key and body gets the same order back.
 * The row is written before the order, so a concurrent retry waits on it instead of racing.
 */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  { ...idempotencyKeyColumns(), orderId: uuid('order_id').notNull() },
  idempotencyKeyIndexes('order_idempotency_keys'),
);
