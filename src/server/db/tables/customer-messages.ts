/**
 * Telling customers how their order goes (issue 46, decision 019): how each order's customer chose
 * to be told, the outbox of messages to send (filled by a trigger on order_history, in the
 * transaction that changes the order, so a change is told once or not at all), and the numbers that
 * asked to stop. The customer-messages job sends the outbox (platform/messaging.ts).
 * Relative imports: drizzle-kit loads this file without the tsconfig path aliases.
 */
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const NOTIFY_CHANNELS = ['page', 'sms', 'whatsapp', 'email'] as const;
export const MESSAGE_KINDS = ['accepted', 'delayed', 'ready', 'out_for_delivery', 'rejected', 'cancelled'] as const;
export const MESSAGE_STATES = ['queued', 'sent', 'failed', 'skipped'] as const;

export const orderNotifications = pgTable(
  'order_notifications',
  {
    truckId: uuid('truck_id').notNull(),
    orderId: uuid('order_id').notNull(),
    channel: text('channel', { enum: NOTIFY_CHANNELS }).notNull(),
    /** E.164, for sms and whatsapp. */
    phone: text('phone'),
    email: text('email'),
    lang: text('lang', { enum: ['en', 'ar'] }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.orderId] }),
    foreignKey({ columns: [table.truckId, table.orderId], foreignColumns: [orders.truckId, orders.id] }).onDelete('cascade'),
  ],
);

export const customerMessages = pgTable(
  'customer_messages',
  {
    truckId: uuid('truck_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** The order_history version that caused it: one message per change, however often it is enqueued. */
    version: integer('version').notNull(),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    state: text('state', { enum: MESSAGE_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** Where and how it went, once sent: the provider's id for it, or why it was not sent. */
    channel: text('channel', { enum: NOTIFY_CHANNELS }),
    recipient: text('recipient'),
    body: text('body'),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.truckId, table.orderId, table.version] }),
    foreignKey({ columns: [table.truckId, table.orderId], foreignColumns: [orders.truckId, orders.id] }).onDelete('cascade'),
    // The job's queue: only what is still to send is in it.
    index('customer_messages_due_idx').on(table.nextAttemptAt).where(sql`state = 'queued'`),
  ],
);

/** Numbers that answered STOP (or «إيقاف»): never messaged again until they answer START. */
export const messageOptOuts = pgTable('message_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: at('created_at').notNull().defaultNow(),
});
