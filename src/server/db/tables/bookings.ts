/**
 * Catering and event bookings and what hangs off them: the history of every change, the per-truck
 * number counter, the Idempotency-Key record and the private calendar feed. truck_id leads every
 * primary and unique key (docs/product.md §5: ready to distribute by truck over Citus).
 * No double booking is a database rule: an exclusion constraint over the busy window of confirmed
 * bookings (custom migration, drizzle-kit cannot express it).
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKING_HISTORY_ACTIONS, SERVICE_MODELS } from '../../../domain/bookings/contracts';
import { BOOKING_STATUSES, BOOKING_TABS, type BookingTab } from '../../../domain/bookings';
import { at, historyColumns, idempotencyKeyColumns, idempotencyKeyIndexes, money, tabOfStatus } from './shared';
import { trucks } from './trucks';


export const bookings = pgTable(
  'bookings',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    number: integer('number').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    tab: text('tab', { enum: Object.keys(BOOKING_TABS) as [BookingTab, ...BookingTab[]] })
      .notNull()
      .generatedAlwaysAs(tabOfStatus(BOOKING_TABS)),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email').notNull(),
    /** The customer's mails go out in this language. */
    language: text('language', { enum: ['en', 'ar'] }).notNull(),
    eventType: text('event_type').notNull(),
    serviceModel: text('service_model', { enum: SERVICE_MODELS }).notNull(),
    /** Wall-clock fields in `time_zone` (the truck's when asked), as the customer gave them. */
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    setupMinutes: integer('setup_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    /** The instants the truck is busy (setup start to event end), from the domain's bookingWindow. */
    windowStart: at('window_start').notNull(),
    windowEnd: at('window_end').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    guestCount: integer('guest_count').notNull(),
    menuNotes: text('menu_notes').notNull().default(''),
    budget: money('budget'),
    currency: text('currency').notNull(),
    quoteAmount: money('quote_amount'),
    quoteDeposit: money('quote_deposit'),
    quoteMessage: text('quote_message'),
    quoteValidUntil: at('quote_valid_until'),
    depositReceived: boolean('deposit_received').notNull().default(false),
    /** When the expiry job takes it: 7 days after a request, a quote's valid-until; null otherwise. */
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    version: integer('version').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.id] }),
    uniqueIndex('bookings_truck_number_key').on(table.truckId, table.number),
    // A tab's list in keyset order, and its count: one index range per truck and tab.
    index('bookings_truck_tab_created_idx').on(table.truckId, table.tab, table.createdAt, table.id),
    // The month calendar and clash look-ups: confirmed bookings of a truck by when they start.
    index('bookings_truck_confirmed_window_idx').on(table.truckId, table.windowStart).where(sql`status = 'confirmed'`),
    // The expiry job: only open requests and quotes are in it.
    index('bookings_open_expires_idx').on(table.expiresAt).where(sql`status IN ('pending', 'quoted')`),
  ],
);

/** One row per version of the booking: version 0 is the request, each change adds the next. */
export const bookingHistory = pgTable(
  'booking_history',
  {
    truckId: uuid('truck_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    ...historyColumns(BOOKING_STATUSES, BOOKING_HISTORY_ACTIONS),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.bookingId, table.version] }),
    foreignKey({ columns: [table.truckId, table.bookingId], foreignColumns: [bookings.truckId, bookings.id] }).onDelete('cascade'),
  ],
);

/** The last booking number per truck; its row lock hands out numbers one at a time. */
export const bookingCounters = pgTable('booking_counters', {
  truckId: uuid('truck_id')
    .primaryKey()
    .references(() => trucks.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

/** An Idempotency-Key seen at the public request: a retry with the same key and body gets the same booking. */
export const bookingIdempotencyKeys = pgTable(
  'booking_idempotency_keys',
  { ...idempotencyKeyColumns(), bookingId: uuid('booking_id').notNull() },
  idempotencyKeyIndexes('booking_idempotency_keys'),
);

/**
 * The truck's private calendar feed. The token is derived from the server's secret and `generation`
 * (so the vendor can see the address again); only its hash is kept, to find the truck. Rotating
 * bumps the generation: the old address stops working.
 */
export const bookingCalendarFeeds = pgTable(
  'booking_calendar_feeds',
  {
    truckId: uuid('truck_id')
      .primaryKey()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('booking_calendar_feeds_token_hash_key').on(table.tokenHash)],
);
