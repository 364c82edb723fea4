/**
 * Telling the customer (issue 46, decision 019). The order page records how its customer chose to
 * be told; a trigger on order_history (migration customer_messages) puts a message for each change
 * that matters into the customer_messages outbox in the same transaction; the job here sends them.
 *
 * Each round claims due rows with FOR UPDATE SKIP LOCKED and keeps them locked while it sends, so two
 * processes never send the same row; a row is marked sent in the transaction that claimed it, so a
 * restart before the commit leaves it queued (sent again only if the process died between the
 * provider's answer and the commit). A failure waits longer each time, up to MAX_ATTEMPTS; a number
 * that answered STOP (or «إيقاف») is never sent to: its rows are marked skipped.
 */
import type { Lang } from '@domain/errors';
import type { OrderNotify } from '@domain/customer-messages';
import { CUSTOMER_CLOCK, intlLocale } from '@domain/locale';
import { nameIn } from '@domain/names';
import { displayNumber } from '@domain/orders';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customerMessages, messageOptOuts, orderNotifications } from '../../db/tables/customer-messages';
import { orderHistory, orders } from '../../db/tables/orders';
import { trucks } from '../../db/tables/trucks';
import { serverText } from '../../platform/i18n';
import { ProviderError } from '../../platform/messaging';

export const MESSAGE_BATCH = 20;
export const MAX_ATTEMPTS = 6;
/** 30 s, 1 min, 2 min, 4 min, 8 min between attempts. */
export const retryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

type Kind = (typeof customerMessages.$inferSelect)['kind'];

const text = (lang: Lang, key: string, values?: Record<string, unknown>) => serverText(lang, `customer-messages:${key}`, values);

export function messageBody(
  kind: Kind,
  lang: Lang,
  facts: { truck: { nameEn: string; nameAr: string; timeZone: string }; number: number; readyAt: Date | null; reason: string | null; link: string },
): string {
  const time = facts.readyAt ? new Intl.DateTimeFormat(intlLocale(lang), { timeZone: facts.truck.timeZone, hour: 'numeric', minute: '2-digit', ...CUSTOMER_CLOCK }).format(facts.readyAt) : '';
  return text(lang, kind, {
    truck: nameIn(facts.truck, lang),
    number: displayNumber(facts.number),
    time,
    reason: facts.reason?.trim() || text(lang, 'noReason'),
    link: facts.link,
  });
}

export function createCustomerMessages(app: FastifyInstance) {
  const { db } = app.database;

  /** The customer's choice for an order (the order page sends it once placed); the latest one counts. */
  async function choose(truckId: string, orderId: string, choice: OrderNotify): Promise<void> {
    const values = { channel: choice.channel, phone: choice.phone ?? null, email: choice.email ?? null, lang: choice.lang };
    await db.insert(orderNotifications).values({ truckId, orderId, ...values }).onConflictDoUpdate({ target: [orderNotifications.truckId, orderNotifications.orderId], set: values });
  }

  /** STOP: the number is never messaged again; START undoes it. */
  async function optOut(phone: string, stop: boolean): Promise<void> {
    if (stop) await db.insert(messageOptOuts).values({ phone }).onConflictDoNothing();
    else await db.delete(messageOptOuts).where(eq(messageOptOuts.phone, phone));
  }

  /** One round: true when a full batch was claimed (there may be more right now). */
  async function sendDue(now = new Date()): Promise<boolean> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(customerMessages)
        .where(and(eq(customerMessages.state, 'queued'), lte(customerMessages.nextAttemptAt, now)))
        .orderBy(asc(customerMessages.nextAttemptAt))
        .limit(MESSAGE_BATCH)
        .for('update', { skipLocked: true });
      for (const message of due) {
        const key = and(eq(customerMessages.truckId, message.truckId), eq(customerMessages.orderId, message.orderId), eq(customerMessages.version, message.version));
        const [found] = await tx
          .select({ order: orders, notify: orderNotifications, truck: { nameEn: trucks.nameEn, nameAr: trucks.nameAr, timeZone: trucks.timeZone, slug: trucks.slug }, reason: orderHistory.reason })
          .from(orders)
          .innerJoin(orderNotifications, and(eq(orderNotifications.truckId, orders.truckId), eq(orderNotifications.orderId, orders.id)))
          .innerJoin(trucks, eq(trucks.id, orders.truckId))
          .leftJoin(orderHistory, and(eq(orderHistory.truckId, orders.truckId), eq(orderHistory.orderId, orders.id), eq(orderHistory.version, message.version)))
          .where(and(eq(orders.truckId, message.truckId), eq(orders.id, message.orderId)));
        if (!found || found.notify.channel === 'page') {
          await tx.update(customerMessages).set({ state: 'skipped', lastError: 'no channel' }).where(key);
          continue;
        }
        const { order, notify, truck } = found;
        const lang = notify.lang;
        const link = `${app.config.publicUrl}/t/${encodeURIComponent(truck.slug ?? '')}/orders/${order.publicId}`;
        const body = messageBody(message.kind, lang, { truck, number: order.number, readyAt: order.estimatedReadyAt, reason: found.reason, link });
        const recipient = notify.channel === 'email' ? notify.email : notify.phone;
        if (!recipient) {
          await tx.update(customerMessages).set({ state: 'skipped', lastError: 'no recipient' }).where(key);
          continue;
        }
        if (notify.channel !== 'email') {
          const [stopped] = await tx.select().from(messageOptOuts).where(eq(messageOptOuts.phone, recipient));
          if (stopped) {
            await tx.update(customerMessages).set({ state: 'skipped', channel: notify.channel, recipient, lastError: 'opted out' }).where(key);
            continue;
          }
        }
        try {
          let providerId: string;
          if (notify.channel === 'email') {
            await app.mail.send({ to: recipient, subject: text(lang, 'subject', { truck: nameIn(truck, lang), number: displayNumber(order.number) }), text: body });
            providerId = 'mail';
          } else {
            providerId = (await app.messaging.send({ channel: notify.channel as 'sms' | 'whatsapp', to: recipient, body: `${body}\n${text(lang, 'stopHint')}` })).id;
          }
          await tx.update(customerMessages).set({ state: 'sent', attempts: message.attempts + 1, channel: notify.channel, recipient, body, providerId, sentAt: new Date(), lastError: null }).where(key);
        } catch (error) {
          const attempts = message.attempts + 1;
          const retry = !(error instanceof ProviderError) || error.retry;
          const state = retry && attempts < MAX_ATTEMPTS ? 'queued' : 'failed';
          app.log.warn({ err: error, orderId: message.orderId, attempts }, 'customer message not sent');
          await tx
            .update(customerMessages)
            .set({ state, attempts, channel: notify.channel, recipient, body, lastError: String((error as Error).message ?? error).slice(0, 500), nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) })
            .where(key);
        }
      }
      return due.length === MESSAGE_BATCH;
    });
  }

  return { choose, optOut, sendDue };
}

export type CustomerMessages = ReturnType<typeof createCustomerMessages>;
