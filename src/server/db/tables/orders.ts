/**
 * Orders and what hangs off them: lines (snapshots of the menu at ordering time), the history of
 * every change, the per-truck daily number counter and the Idempotency-Key record. truck_id leads
 * every primary and unique key (product.md §5: ready to distribute by truck over Citus).
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { HISTORY_ACTIONS, ORDER_SOURCES, PAYMENT_METHODS, PAYMENT_STATUSES, type OrderLine } from '../../../domain/order-contracts';
import { DASHBOARD_TABS, ORDER_STATUSES, ORDER_TYPES, type DashboardTab } from '../../../domain/orders';
import { users } from '../schema';
import { trucks } from './trucks';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Minor units: a line of 99 items at the menu's highest price passes 2^31, so 64 bits. */
const money = (name: string) => bigint(name, { mode: 'number' });

/** The dashboard tab of a status, as SQL, from the same table the domain uses. */
const TAB_OF_STATUS = sql.raw(
  `CASE status ${(Object.entries(DASHBOARD_TABS) as [DashboardTab, readonly string[]][])
    .flatMap(([tab, statuses]) => statuses.map((status) => `WHEN '${status}' THEN '${tab}'`))
    .join(' ')} END`,
);

export const orders = pgTable(
  'orders',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** The local calendar day of the truck the order was placed on, and its number within that day. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    number: integer('number').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** Kept by PostgreSQL, so the index a tab's list walks can never disagree with the status. */
    tab: text('tab', { enum: Object.keys(DASHBOARD_TABS) as [DashboardTab, ...DashboardTab[]] })
      .notNull()
      .generatedAlwaysAs(TAB_OF_STATUS),
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    deliveryAddress: text('delivery_address'),
    deliveryLat: doublePrecision('delivery_lat'),
    deliveryLng: doublePrecision('delivery_lng'),
    zoneName: text('zone_name'),
    itemCount: integer('item_count').notNull(),
    subtotal: money('subtotal').notNull(),
    deliveryFee: money('delivery_fee').notNull(),
    total: money('total').notNull(),
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
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.id] }),
    uniqueIndex('orders_truck_day_number_key').on(table.truckId, table.businessDate, table.number),
    // A tab's list in keyset order, and its count: "pending orders of truck T" is one index range.
    index('orders_truck_tab_created_idx').on(table.truckId, table.tab, table.createdAt, table.id),
    // Exports and date-filtered searches across tabs.
    index('orders_truck_created_idx').on(table.truckId, table.createdAt, table.id),
    // The acceptance-window job: only pending orders are in it, so it stays tiny.
    index('orders_pending_accept_by_idx').on(table.acceptBy).where(sql`status = 'pending'`),
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
    total: money('total').notNull(),
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
    version: integer('version').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    action: text('action', { enum: HISTORY_ACTIONS }).notNull(),
    reason: text('reason'),
    /** Null: the customer (placing it) or the system (auto-accept, expiry). The name is kept as it was. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    at: at('at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.orderId, table.version] }),
    foreignKey({ columns: [table.truckId, table.orderId], foreignColumns: [orders.truckId, orders.id] }).onDelete('cascade'),
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

/**
 * An Idempotency-Key seen at intake: a retry with the same key and body gets the same order back.
 * The row is written before the order, so a concurrent retry waits on it instead of racing.
 */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: uuid('order_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.key] }), index('order_idempotency_keys_created_idx').on(table.createdAt)],
);
