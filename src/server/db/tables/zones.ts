/**
 * A truck's delivery zones. Shapes and fee rules are stored as the contract has them (validated on
 * the way in); truck_id leads the primary key (docs/product.md §5, Citus-ready).
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FeeRule, ZoneShape } from '../../../domain/zones';
import { trucks } from './trucks';

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    shape: jsonb('shape').$type<ZoneShape>().notNull(),
    feeRules: jsonb('fee_rules').$type<FeeRule[]>().notNull(),
    /** Minor units of the truck's currency. */
    minimumOrder: bigint('minimum_order', { mode: 'number' }).notNull().default(0),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    active: boolean('active').notNull().default(true),
    /** Bumped by every save; a save must name the version it started from. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.id] })],
);
