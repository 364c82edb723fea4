/**
 * A truck's promotions (issue 44) and their redemptions. `uses` is the counter the redemption
 * raises under the promotion row's lock (promotions.service.ts redeem), so fifty customers racing for
 * the last use cannot all get it; the redemptions keep who used it (one per phone number when the
 * promotion says so: `phone_key` is the phone then, null otherwise, and unique with the promotion).
 * truck_id leads every key (docs/product.md §5, Citus-ready).
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROMOTION_FULFILMENTS, type DiscountSpec, type PromotionWindow } from '../../../domain/promotions/rules';
import { at, money } from './shared';
import { trucks } from './trucks';

export const promotions = pgTable(
  'promotions',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** Normalised (domain normalizeCode); null: an automatic promotion. */
    code: text('code'),
    name: text('name').notNull(),
    discount: jsonb('discount').$type<DiscountSpec>().notNull(),
    minSubtotal: money('min_subtotal').notNull().default(0),
    /** The truck's wall clock (`YYYY-MM-DDTHH:MM` in its time zone), read with the zone at each check. */
    validFrom: text('valid_from'),
    validUntil: text('valid_until'),
    window: jsonb('window').$type<PromotionWindow>(),
    fulfilment: text('fulfilment', { enum: PROMOTION_FULFILMENTS }).notNull().default('both'),
    maxUses: integer('max_uses'),
    onePerPhone: boolean('one_per_phone').notNull().default(false),
    active: boolean('active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.id] }),
    uniqueIndex('promotions_truck_code_key').on(table.truckId, table.code),
    check('promotions_uses_within_max', sql`${table.maxUses} IS NULL OR ${table.uses} <= ${table.maxUses}`),
  ],
);

export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    truckId: uuid('truck_id').notNull(),
    promotionId: uuid('promotion_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** The order it was redeemed for (written in the same transaction as the order). */
    orderId: uuid('order_id'),
    phone: text('phone').notNull(),
    /** The phone when the promotion allows one use per phone number, else null (nulls never clash). */
    phoneKey: text('phone_key'),
    discount: money('discount').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.promotionId, table.id] }),
    foreignKey({ columns: [table.truckId, table.promotionId], foreignColumns: [promotions.truckId, promotions.id] }).onDelete('cascade'),
    uniqueIndex('promotion_redemptions_one_per_phone').on(table.truckId, table.promotionId, table.phoneKey),
    index('promotion_redemptions_order').on(table.truckId, table.orderId),
  ],
);
