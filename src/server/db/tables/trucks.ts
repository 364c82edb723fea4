/**
 * Trucks and what they own: staff memberships, documents, the review history and uploaded files.
 * `trucks.id` is the distribution key; every other table carries truck_id first in its primary key
 * (docs/product.md §5: ready to shard by truck over Citus). Slugs are global, so they live in a small
 * table of their own (a Citus reference table) instead of a unique index on trucks.
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
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { DOCUMENT_REVIEW_STATES, DOCUMENT_TYPES, POWER_SOURCES, REVIEW_ACTIONS, TRUCK_STATUSES } from '../../../domain/trucks';
import { TAX_COUNTRIES, TAX_MODES } from '../../../domain/money/settings';
import { UPLOAD_PURPOSES } from '../../../domain/uploads';
import { users } from '../schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const trucks = pgTable(
  'trucks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TRUCK_STATUSES }).notNull().default('draft'),
    /** Given on approval, from the English name: the truck's public link. */
    slug: text('slug'),
    nameEn: text('name_en').notNull().default(''),
    nameAr: text('name_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    cuisines: text('cuisines').array().notNull().default(sql`ARRAY[]::text[]`),
    logoId: uuid('logo_id'),
    photoIds: uuid('photo_ids').array().notNull().default(sql`ARRAY[]::uuid[]`),
    baseCity: text('base_city').notNull().default(''),
    address: text('address').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    phone: text('phone'),
    email: text('email'),
    currency: text('currency').notNull().default('KWD'),
    timeZone: text('time_zone').notNull().default('Asia/Kuwait'),
    vehicleLengthM: doublePrecision('vehicle_length_m'),
    powerSource: text('power_source', { enum: POWER_SOURCES }),
    licensePlate: text('license_plate').notNull().default(''),
    reviewNotes: text('review_notes'),
    /** Accepting catering/event bookings (the booking dashboard's switch). */
    availableToArrive: boolean('available_to_arrive').notNull().default(true),
    acceptanceWindowMinutes: integer('acceptance_window_minutes').notNull().default(10),
    defaultPrepMinutes: integer('default_prep_minutes').notNull().default(15),
    autoAccept: boolean('auto_accept').notNull().default(false),
    /** The owner lets staff see the revenue and sales figures on /home (the Team section's switch). */
    staffSeesRevenue: boolean('staff_sees_revenue').notNull().default(false),
    /** The owner lets staff give money back on paid orders (domain/access.ts STAFF_GRANTS 'orders.refund'). */
    staffMayRefund: boolean('staff_may_refund').notNull().default(false),
    // ---- Money (issue 44, decision 017): what orderTotals() is given of the truck ----
    /** 'none': no tax; 'rate': tax_rate_bp on every standard-rated line. */
    taxMode: text('tax_mode', { enum: TAX_MODES }).notNull().default('none'),
    /** Basis points: 1500 = 15 %. 0 while tax_mode is 'none'. */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    /** Menu prices and the delivery fee are entered with the tax in them (GCC practice). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    deliveryFeeTaxed: boolean('delivery_fee_taxed').notNull().default(true),
    /** The country whose form the registration number follows (ISO 3166 alpha-2, or 'other'). */
    taxCountry: text('tax_country', { enum: TAX_COUNTRIES }),
    /** VAT number (Saudi 15 digits 3…3, UAE TRN 15 digits…), normalized; null when not registered. */
    taxRegistrationNumber: text('tax_registration_number'),
    tipsEnabled: boolean('tips_enabled').notNull().default(false),
    /** The tip buttons the customer page offers, in basis points of the goods after discount. */
    tipPresetsBp: integer('tip_presets_bp').array().notNull().default(sql`ARRAY[0, 500, 1000, 1500]::integer[]`),
    /** No tip above this share of the goods after discount (basis points). */
    tipCapBp: integer('tip_cap_bp').notNull().default(3000),
    pausedUntil: at('paused_until'),
    submittedAt: at('submitted_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('trucks_owner_id_idx').on(table.ownerId),
    index('trucks_status_created_idx').on(table.status, table.createdAt, table.id),
    check('trucks_money_check', sql`${table.taxRateBp} BETWEEN 0 AND 10000 AND ${table.tipCapBp} BETWEEN 0 AND 10000`),
  ],
);

/** No foreign key: a Citus reference table cannot point into a distributed one. */
export const truckSlugs = pgTable('truck_slugs', {
  slug: text('slug').primaryKey(),
  truckId: uuid('truck_id').notNull(),
});

export const truckMembers = pgTable(
  'truck_members',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['staff'] }).notNull().default('staff'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.userId] }), index('truck_members_user_id_idx').on(table.userId)],
);

/** Files of a truck: stored under UPLOADS_DIR/trucks/<truck_id>/<id>.<ext>. */
export const truckUploads = pgTable(
  'truck_uploads',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
    mime: text('mime', { enum: ['application/pdf', 'image/webp'] }).notNull(),
    bytes: integer('bytes').notNull(),
    originalName: text('original_name').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.id] })],
);

/** One current document per type; a renewal replaces it. */
export const truckDocuments = pgTable(
  'truck_documents',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    number: text('number').notNull(),
    issuer: text('issuer').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    fileId: uuid('file_id').notNull(),
    reviewState: text('review_state', { enum: DOCUMENT_REVIEW_STATES }).notNull().default('pending'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.type] }),
    foreignKey({ columns: [table.truckId, table.fileId], foreignColumns: [truckUploads.truckId, truckUploads.id] }),
  ],
);

/** The application's history; `seen_at` marks decisions the owner has been shown. */
export const truckReviewEvents = pgTable(
  'truck_review_events',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    action: text('action', { enum: REVIEW_ACTIONS }).notNull(),
    fromStatus: text('from_status', { enum: TRUCK_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: TRUCK_STATUSES }).notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: at('at').notNull().defaultNow(),
    seenAt: at('seen_at'),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.id] }), index('truck_review_events_truck_at_idx').on(table.truckId, table.at)],
);
