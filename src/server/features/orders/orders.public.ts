/**
 * The customer's side of a placed order, by the truck's slug and the order's public id (never its
 * id): its status page reads it (with an ETag, so polling costs a 304 until something changes) and
 * may cancel it while it is pending. Nothing of the truck's side is shown: no actor names, no other order.
 */
import { displayNumber } from '@domain/orders';
import { PUBLIC_ORDER_ID, PublicOrderParamsSchema, PublicOrderSchema, type PublicOrder } from '@domain/storefront';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { matchesEtag } from '../../db/queries/public-menu';
import { orderHistory, orderLines, orders } from '../../db/tables/orders';
import { truckSlugs } from '../../db/tables/trucks';
import { NoContent } from '../../platform/truck-routes';
import { orderNotFound, type OrdersService } from './orders.service';
import { invoiceOfRow, moneyOf, toLine, type OrderRow } from './orders.view';

const tags = ['orders'];
const ENDED_WITH_REASON = new Set(['rejected', 'cancelled']);

/** The truck of an order's link; a public id of another form is not looked up. */
async function truckIdOf(db: Db, slug: string, publicId: string): Promise<string> {
  if (!PUBLIC_ORDER_ID.test(publicId)) throw orderNotFound();
  const [found] = await db.select({ truckId: truckSlugs.truckId }).from(truckSlugs).where(eq(truckSlugs.slug, slug));
  // The same answer as an unknown order: a wrong link tells nothing about which part was wrong.
  if (!found) throw orderNotFound();
  return found.truckId;
}

async function orderRow(db: Db, slug: string, publicId: string): Promise<OrderRow> {
  const truckId = await truckIdOf(db, slug, publicId);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.truckId, truckId), eq(orders.publicId, publicId)));
  if (!row) throw orderNotFound();
  return row;
}

/** Changes whenever the order does: every change bumps its version. */
const etagOf = (row: Pick<OrderRow, 'version'>) => `W/"v${row.version}"`;

async function publicOrder(db: Db, row: OrderRow): Promise<PublicOrder> {
  const [lines, history] = await Promise.all([
    db.select().from(orderLines).where(and(eq(orderLines.truckId, row.truckId), eq(orderLines.orderId, row.id))).orderBy(asc(orderLines.lineNo)),
    db.select().from(orderHistory).where(and(eq(orderHistory.truckId, row.truckId), eq(orderHistory.orderId, row.id))).orderBy(asc(orderHistory.version)),
  ]);
  // A delay keeps the status: one step per status reached.
  const steps = history.filter((entry, i) => i === 0 || entry.status !== history[i - 1]!.status).map((entry) => ({ status: entry.status, at: entry.at.toISOString() }));
  const last = history.at(-1);
  return {
    publicId: row.publicId,
    displayNumber: displayNumber(row.number),
    status: row.status,
    type: row.type,
    lines: lines.map(toLine),
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    total: row.total,
    money: moneyOf(row),
    currency: row.currency as PublicOrder['currency'],
    deliveryAddress: row.deliveryAddress,
    paymentMethod: row.paymentMethod,
    estimatedReadyAt: row.estimatedReadyAt?.toISOString() ?? null,
    reason: last && ENDED_WITH_REASON.has(row.status) ? last.reason : null,
    placedAt: row.createdAt.toISOString(),
    steps,
    canCancel: row.status === 'pending',
    version: row.version,
    invoice: invoiceOfRow(row),
  };
}

export async function publicOrderRoutes(instance: FastifyInstance, service: OrdersService): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = instance.database;

  app.get(
    '/public/trucks/:slug/orders/:publicId',
    {
      schema: {
        tags,
        summary:
          "The customer's order by its public id (the receipt's publicId): status, estimated ready time, lines and money, the reason when it was refused. Carries an ETag: ask with If-None-Match and an unchanged order answers 304",
        params: PublicOrderParamsSchema,
        response: { 200: PublicOrderSchema, 304: NoContent },
      },
    },
    async (request, reply) => {
      const row = await orderRow(db, request.params.slug, request.params.publicId);
      const etag = etagOf(row);
      // Private: the page holds a customer's name and order; no shared cache may keep it.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return publicOrder(db, row);
    },
  );

  app.post(
    '/public/trucks/:slug/orders/:publicId/cancel',
    {
      schema: {
        tags,
        summary: 'The customer cancels the order while it is still pending; once the truck has answered, 409 illegal_transition with the current status',
        params: PublicOrderParamsSchema,
        response: { 200: PublicOrderSchema },
      },
    },
    async (request, reply) => {
      const truckId = await truckIdOf(db, request.params.slug, request.params.publicId);
      const row = await service.withdraw(truckId, request.params.publicId);
      reply.header('etag', etagOf(row)).header('cache-control', 'private, no-cache');
      return publicOrder(db, row);
    },
  );
}
