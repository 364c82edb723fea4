/**
 * Invitations to a truck's team. The mailed token is signed (HMAC with the server's secret) and names
 * the truck, the invitation and a nonce; only a hash of the nonce is kept, and a resend replaces it,
 * so only the latest link works. A link is single-use (accepted_at) and withdrawable (withdrawn_at).
 * truck_id leads the primary key like every truck-owned table (docs/product.md §5).
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';
import { trucks } from './trucks';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const truckInvitations = pgTable(
  'truck_invitations',
  {
    truckId: uuid('truck_id')
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    nonceHash: text('nonce_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: at('withdrawn_at'),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.id] }),
    // One open invitation per address and truck: a second invite is refused (resend instead).
    uniqueIndex('truck_invitations_open_email_key')
      .on(table.truckId, sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} IS NULL AND ${table.withdrawnAt} IS NULL`),
    index('truck_invitations_invited_by_idx').on(table.invitedBy, table.sentAt),
  ],
);
