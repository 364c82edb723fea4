/**
 * What the order and booking tables share: instants and money columns, the tab a status falls in,
 * the history of every change and the Idempotency-Key record. Builders, not tables: each call makes
 * fresh columns for the table that spreads them.
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, primaryKey, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../schema';
import { trucks } from './trucks';

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Minor units: a line of 99 items at the menu's highest price passes 2^31, so 64 bits. */
export const money = (name: string) => bigint(name, { mode: 'number' });

/** The dashboard tab of a status, as SQL for a generated column, from the same table the domain uses. */
export function tabOfStatus<Tab extends string>(tabs: Record<Tab, readonly string[]>) {
  return sql.raw(
    `CASE status ${(Object.entries(tabs) as [Tab, readonly string[]][])
      .flatMap(([tab, statuses]) => statuses.map((status) => `WHEN '${status}' THEN '${tab}'`))
      .join(' ')} END`,
  );
}

/**
 * A history row's columns after its truck and record ids: one row per version, version 0 the
 * creation. The actor is null for the customer or the system; the name is kept as it was.
 */
export function historyColumns<Status extends string, Action extends string>(statuses: readonly [Status, ...Status[]], actions: readonly [Action, ...Action[]]) {
  return {
    version: integer('version').notNull(),
    status: text('status', { enum: statuses as [Status, ...Status[]] }).notNull(),
    action: text('action', { enum: actions as [Action, ...Action[]] }).notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    at: at('at').notNull(),
  };
}

/** An Idempotency-Key record's columns besides the id of what it made (platform/idempotency.ts). */
export const idempotencyKeyColumns = () => ({
  truckId: uuid('truck_id')
    .notNull()
    .references(() => trucks.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Its keys: one per truck and key, and the creation index the retention job deletes by. */
export const idempotencyKeyIndexes = (table: string) => (columns: { truckId: AnyPgColumn; key: AnyPgColumn; createdAt: AnyPgColumn }) => [
  primaryKey({ columns: [columns.truckId, columns.key] }),
  index(`${table}_created_idx`).on(columns.createdAt),
];
