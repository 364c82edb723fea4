/**
 * The menu of a truck: categories, items, option groups and options, and the menu's version.
 * truck_id leads every key and every foreign key (docs/product.md §5: colocated with trucks on Citus).
 * Categories and items are soft-deleted (deleted_at): order lines keep their own snapshot of names and
 * prices, and may still point at the item they were made from. Groups and options are replaced with
 * their item's edits; order lines copy what they need of them, so nothing points at those rows.
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DIETARY_TAGS } from '../../../domain/menu';
import { TAX_CATEGORIES } from '../../../domain/money/order-totals';
import { trucks, truckUploads } from './trucks';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Sold out until an instant, or until switched back (`sold_out_indefinitely`); neither: available.
 * Two columns rather than a timestamp 'infinity', which node-postgres does not turn into a Date.
 */
const availability = {
  soldOutUntil: at('sold_out_until'),
  soldOutIndefinitely: boolean('sold_out_indefinitely').notNull().default(false),
};

/**
 * One row per truck with a menu, bumped in the same transaction as every menu change. Its row lock
 * makes concurrent edits of one menu take turns (reorders stay atomic), and the public menu's cache in
 * every server process compares this number with what it holds.
 */
export const menuVersions = pgTable('menu_versions', {
  truckId: uuid('truck_id')
    .primaryKey()
    .references(() => trucks.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const menuCategories = pgTable(
  'menu_categories',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    nameEn: text('name_en').notNull().default(''),
    nameAr: text('name_ar').notNull().default(''),
    position: integer('position').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.id] }), index('menu_categories_truck_position_idx').on(table.truckId, table.position)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    categoryId: uuid('category_id').notNull(),
    nameEn: text('name_en').notNull().default(''),
    nameAr: text('name_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    /** Minor units of the truck's currency. */
    priceMinor: integer('price_minor').notNull(),
    /** What the truck's tax rate does to it (decision 017): standard, zero-rated or exempt. */
    taxCategory: text('tax_category', { enum: TAX_CATEGORIES }).notNull().default('standard'),
    photoId: uuid('photo_id'),
    prepMinutes: integer('prep_minutes'),
    calories: integer('calories'),
    tags: text('tags', { enum: DIETARY_TAGS }).array().notNull().default(sql`ARRAY[]::text[]`),
    position: integer('position').notNull(),
    ...availability,
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.id] }),
    foreignKey({ columns: [table.truckId, table.categoryId], foreignColumns: [menuCategories.truckId, menuCategories.id] }),
    // photo_id null: not checked (MATCH SIMPLE), so an item without a photo needs no upload.
    foreignKey({ columns: [table.truckId, table.photoId], foreignColumns: [truckUploads.truckId, truckUploads.id] }),
    index('menu_items_truck_category_position_idx').on(table.truckId, table.categoryId, table.position),
  ],
);

export const menuOptionGroups = pgTable(
  'menu_option_groups',
  {
    truckId: uuid('truck_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    itemId: uuid('item_id').notNull(),
    nameEn: text('name_en').notNull().default(''),
    nameAr: text('name_ar').notNull().default(''),
    required: boolean('required').notNull().default(false),
    minSelections: integer('min_selections').notNull().default(0),
    maxSelections: integer('max_selections').notNull().default(1),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.id] }),
    foreignKey({ columns: [table.truckId, table.itemId], foreignColumns: [menuItems.truckId, menuItems.id] }).onDelete('cascade'),
    index('menu_option_groups_truck_item_idx').on(table.truckId, table.itemId),
  ],
);

export const menuOptions = pgTable(
  'menu_options',
  {
    truckId: uuid('truck_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    groupId: uuid('group_id').notNull(),
    nameEn: text('name_en').notNull().default(''),
    nameAr: text('name_ar').notNull().default(''),
    priceDeltaMinor: integer('price_delta_minor').notNull().default(0),
    position: integer('position').notNull(),
    ...availability,
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.id] }),
    foreignKey({ columns: [table.truckId, table.groupId], foreignColumns: [menuOptionGroups.truckId, menuOptionGroups.id] }).onDelete('cascade'),
    index('menu_options_truck_group_idx').on(table.truckId, table.groupId),
  ],
);
