/**
 * A truck's weekly shifts and date exceptions. The time zone and the pause are not here: they are
 * columns of `trucks` (time_zone, paused_until), the one place every feature reads them from.
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Schedule } from '../../../domain/hours';
import { trucks } from './trucks';

export const truckSchedules = pgTable('truck_schedules', {
  truckId: uuid('truck_id')
    .primaryKey()
    .references(() => trucks.id, { onDelete: 'cascade' }),
  days: jsonb('days').$type<Schedule['days']>().notNull(),
  exceptions: jsonb('exceptions').$type<Schedule['exceptions']>().notNull(),
  /** Bumped by every save; a save must name the version it started from. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
