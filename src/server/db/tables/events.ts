/**
 * The live-event log of each truck (written by platform/events.publish.ts, read by
 * platform/events.hub.ts): every event a dashboard may need is kept here for a while, numbered per
 * truck in commit order, so a stream resumed with Last-Event-ID gets exactly what it missed. NOTIFY only carries "truck T has event N".
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';
import { trucks } from './trucks';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const truckEvents = pgTable(
  'truck_events',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.id] }), index('truck_events_created_idx').on(table.createdAt)],
);

/**
 * The last event id per truck. Taking the next id locks the truck's row until commit, so a truck's
 * events commit in id order and "everything after N" never skips one committed late.
 */
export const truckEventCounters = pgTable('truck_event_counters', {
  truckId: uuid('truck_id')
    .primaryKey()
    .references(() => trucks.id, { onDelete: 'cascade' }),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
});

/** Single-use tickets that open a truck's stream; only a hash is kept. */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.truckId, table.tokenHash] }), index('stream_tickets_expires_idx').on(table.expiresAt)],
);
