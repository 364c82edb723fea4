/**
 * Sales rollups for /home, kept by the database itself (triggers in the `home_rollups` migration)
 * whenever orders are placed, change status or get their lines: the summary then reads a few dozen
 * rows instead of a truck's whole history. A sale is an order in any status but rejected, cancelled
 * or expired (domain/home/index.ts). Orders are never deleted on their own, only with their truck, whose
 * rollup rows go with it.
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { bigint, date, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { trucks } from './trucks';

const money = (name: string) => bigint(name, { mode: 'number' });

/** Sales per local day and local hour of placing, after refunds (a refund counts in its order's hour). */
export const orderSalesHourly = pgTable(
  'order_sales_hourly',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    orders: integer('orders').notNull(),
    /** Net sales (domain netSalesMinor(), decision 017): without tax, tips and delivery fees. */
    revenue: money('revenue').notNull(),
    /** Tips apart: not revenue. Less the tips given back (order_refunds.tip_minor). */
    tips: money('tips').notNull().default(0),
    /**
     * Money given back on the hour's orders (order_refunds.amount_minor, issue 44), apart; `revenue` is
     * already net of what of it was net sales (a sale's refunds' net_sales_minor).
     */
    refunds: money('refunds').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.businessDate, table.hour] })],
);

/** Quantity and line totals per menu item and local day, under the item's latest names. */
export const orderItemSalesDaily = pgTable(
  'order_item_sales_daily',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    itemId: uuid('item_id').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    quantity: integer('quantity').notNull(),
    /** The lines' net sales: after their discount, without tax. */
    revenue: money('revenue').notNull(),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.businessDate, table.itemId] })],
);
