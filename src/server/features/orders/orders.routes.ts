/**
 * Orders over HTTP: the public intake customers' apps use (by the truck's slug), and the truck's
 * dashboard (owner and staff): lists, counts, one order, actions, acknowledgements, phone orders
 * and the CSV export. The work is in orders.service.ts and orders.intake.ts.
 */
import {
  AcknowledgeOrdersSchema,
  CreateOrderSchema,
  OrderCountQuerySchema,
  OrderCountsSchema,
  OrderDeskSchema,
  OrderExportQuerySchema,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderReceiptSchema,
  OrderSchema,
  OFFLINE_ORDER_MAX_AGE_HOURS,
  StaffOrderSchema,
  type CreateOrder,
  type Order,
  type OrderReceipt,
  type OrderSource,
} from '@domain/orders/contracts';
import { mayOnTruckWith } from '@domain/access';
import { taxSettingsOf, type Currency } from '@domain/money';
import { DomainError } from '@domain/errors';
import { displayNumber, OrderActionSchema } from '@domain/orders';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import { actorOf, type Actor } from '../../platform/history';
import { languageFromHeader } from '../../platform/i18n';
import { IdempotencyHeadersSchema, idempotencyClaimOf } from '../../platform/idempotency';
import { intakeRateLimit } from '../../platform/rate-limits';
import { can, isUuid, truckAccessOf, truckBySlug, truckGuard, type TruckRow } from '../../platform/truck-access';
import { TruckParams, truckRouteOptions } from '../../platform/truck-routes';
import { CreateRefundSchema, RefundCreatedSchema, RefundListSchema } from '@domain/orders/refunds';
import { exportFileName, exportOrders } from './orders.export';
import { refundOrder, refundsOf, toRefund } from './orders.refunds';
import { createIntakeReads, priceOrder } from './orders.intake';
import { publicOrderRoutes } from './orders.public';
import { createOrdersService, EXPIRY_BATCH, intakeScopes, orderNotFound, TAB_COUNTS_BATCH } from './orders.service';

const tags = ['orders'];
const truckRoute = truckRouteOptions(tags);
const OrderParams = TruckParams.extend({ orderId: z.string() });
const ownerOrStaff = truckGuard(can('orders.manage'));
const mayRefund = truckGuard(can('orders.refund'));

function receiptOf(order: Order): OrderReceipt {
  return {
    id: order.id,
    publicId: order.publicId,
    number: order.number,
    displayNumber: displayNumber(order.number),
    status: order.status,
    lines: order.lines,
    subtotal: order.subtotal,
    deliveryFee: order.deliveryFee,
    total: order.total,
    money: order.money,
    currency: order.currency,
    estimatedReadyAt: order.estimatedReadyAt!,
  };
}

/** A clock this far ahead of the server's is the tablet's clock, not a mistake. */
const TAKEN_AT_SLACK_MS = 2 * 60_000;

/** When an order sent late by a counter tablet was taken, checked against the server's clock; undefined: taken now. */
function takenAtOf(takenAt: string | undefined, now: Date): Date | undefined {
  if (takenAt === undefined) return undefined;
  const at = new Date(takenAt);
  const age = now.getTime() - at.getTime();
  if (age < -TAKEN_AT_SLACK_MS || age > OFFLINE_ORDER_MAX_AGE_HOURS * 3_600_000) {
    throw new DomainError('taken_at_out_of_range', 422, undefined, [{ path: 'takenAt', code: 'taken_at_out_of_range', params: { hours: OFFLINE_ORDER_MAX_AGE_HOURS } }]);
  }
  // A little ahead is now: an order is never placed in the server's future.
  return at.getTime() > now.getTime() ? now : at;
}

export async function ordersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createOrdersService(instance);
  const { db } = instance.database;
  const intakeLimit = intakeRateLimit(instance, 'orders');
  const reads = createIntakeReads(instance);

  /**
   * Places an order on the truck; the same Idempotency-Key and body return the first order (200) instead of a second.
   * `takenAt` (staff only): the order is placed as of then (decision 018).
   */
  async function place(request: FastifyRequest, reply: FastifyReply, truck: TruckRow, body: CreateOrder, source: OrderSource, actor: Actor | null, takenAt?: Date) {
    const claim = idempotencyClaimOf(request, body);
    const lang = languageFromHeader(request.headers['accept-language']);
    const now = takenAt ?? new Date();
    const context = { reads, truck, source, lang, now, takenOffline: takenAt !== undefined };
    const { order, replayed } = await service.place(truck, claim, (freshMenu) => priceOrder(context, body, freshMenu), actor, now, lang);
    if (replayed) reply.header('idempotent-replayed', 'true');
    // Committed: its one invalidation applies here now, so the answer needs no read-your-writes barrier.
    else instance.readCache.appliedOwnWrite(request, intakeScopes(truck.id));
    return { order, status: replayed ? (200 as const) : (201 as const) };
  }

  app.post(
    '/public/trucks/:slug/orders',
    {
      schema: {
        tags,
        summary:
          'Place an order (customers). Prices come from the menu, never the request; the truck must trade, be open and not paused, a delivery point must be in a zone. 422 lists every problem. An Idempotency-Key makes a retry return the first order (200)',
        params: z.object({ slug: z.string().max(100) }),
        headers: IdempotencyHeadersSchema,
        body: CreateOrderSchema,
        response: { 200: OrderReceiptSchema, 201: OrderReceiptSchema },
      },
      preHandler: intakeLimit,
    },
    async (request, reply) => {
      const truck = await truckBySlug(db, request.params.slug);
      const { order, status } = await place(request, reply, truck, request.body, 'online', null);
      return reply.status(status).send(receiptOf(order));
    },
  );

  app.post(
    '/trucks/:truckId/orders',
    truckRoute(ownerOrStaff, {
      summary:
        'Enter an order taken by phone or at the window (staff): priced and checked like any order, accepted at once with the default prep time. `takenAt`: when a tablet with no connection took it (not in the future, at most 24 h ago; 422 taken_at_out_of_range): the order keeps that time and day, and items sold out since still count as sold',
      headers: IdempotencyHeadersSchema,
      body: StaffOrderSchema,
      response: { 200: OrderSchema, 201: OrderSchema },
    }),
    async (request, reply) => {
      const takenAt = takenAtOf(request.body.takenAt, new Date());
      const { order, status } = await place(request, reply, truckAccessOf(request).truck, request.body, 'phone', actorOf(authOf(request)), takenAt);
      return reply.status(status).send(order);
    },
  );

  app.get(
    '/trucks/:truckId/orders',
    truckRoute(ownerOrStaff, {
      summary: "A dashboard tab's orders, a page at a time (keyset: pass nextCursor back); queue tabs oldest first, the others newest first",
      querystring: OrderListQuerySchema,
      response: { 200: OrderPageSchema },
    }),
    async (request) => service.list(truckAccessOf(request).truck, request.query),
  );

  app.get(
    '/trucks/:truckId/orders/desk',
    truckRoute(ownerOrStaff, { summary: 'What the order dashboard needs of its truck: names, currency, time zone, prep time, acceptance window, the tax settings and tips the phone-order form totals with, and whether the caller may give money back', response: { 200: OrderDeskSchema } }),
    async (request) => {
      const { truck, relation } = truckAccessOf(request);
      return {
        truckId: truck.id,
        nameEn: truck.nameEn,
        nameAr: truck.nameAr,
        currency: truck.currency as Currency,
        timeZone: truck.timeZone,
        defaultPrepMinutes: truck.defaultPrepMinutes,
        acceptanceWindowMinutes: truck.acceptanceWindowMinutes,
        autoAccept: truck.autoAccept,
        tax: taxSettingsOf(truck),
        tips: { enabled: truck.tipsEnabled, presetsBp: truck.tipPresetsBp, capBp: truck.tipCapBp },
        location: truck.lat === null || truck.lng === null ? null : { lat: truck.lat, lng: truck.lng },
        mayRefund: relation !== 'admin' && mayOnTruckWith(relation, 'orders.refund', truck),
      };
    },
  );

  app.get(
    '/trucks/:truckId/orders/counts',
    truckRoute(ownerOrStaff, { summary: 'How many orders each dashboard tab holds, with the same filters as the list', querystring: OrderCountQuerySchema, response: { 200: OrderCountsSchema } }),
    async (request) => service.counts(truckAccessOf(request).truck, request.query),
  );

  app.get(
    '/trucks/:truckId/orders/export',
    truckRoute(ownerOrStaff, {
      summary: "The orders placed between two of the truck's local dates as CSV (UTF-8 with BOM, CRLF, every field quoted), in the request's language",
      querystring: OrderExportQuerySchema,
      produces: ['text/csv'],
    }),
    async (request, reply) => {
      const { truck } = truckAccessOf(request);
      const lang = languageFromHeader(request.headers['accept-language']);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(request.query)}"`)
        .header('cache-control', 'no-store')
        .send(exportOrders(db, truck, request.query, lang));
    },
  );

  app.post(
    '/trucks/:truckId/orders/acknowledge',
    truckRoute(ownerOrStaff, {
      summary: 'Someone heard these new orders: their ring stops on every device of the truck',
      body: AcknowledgeOrdersSchema,
      response: { 200: z.object({ acknowledged: z.int() }) },
    }),
    async (request) => ({ acknowledged: await service.acknowledge(truckAccessOf(request).truck, request.body.orderIds) }),
  );

  app.get(
    '/trucks/:truckId/orders/:orderId',
    truckRoute(ownerOrStaff, { summary: 'One order with its lines and history', params: OrderParams, response: { 200: OrderSchema } }),
    async (request) => {
      if (!isUuid(request.params.orderId)) throw orderNotFound();
      return service.get(truckAccessOf(request).truck, request.params.orderId);
    },
  );

  app.post(
    '/trucks/:truckId/orders/:orderId/actions',
    truckRoute(ownerOrStaff, {
      summary:
        'Move the order on: accept (prep minutes), reject (reason), start_preparing, mark_ready, send_out, complete, cancel (reason), delay (minutes). `version` is the one you saw: 409 conflict when it changed since, 409 illegal_transition when the status does not allow it; both carry the current order',
      params: OrderParams,
      body: OrderActionSchema,
      response: { 200: OrderSchema },
    }),
    async (request) => {
      if (!isUuid(request.params.orderId)) throw orderNotFound();
      const lang = languageFromHeader(request.headers['accept-language']);
      return service.act(truckAccessOf(request).truck, request.params.orderId, request.body, actorOf(authOf(request)), new Date(), lang);
    },
  );

  app.post(
    '/trucks/:truckId/orders/:orderId/refunds',
    truckRoute(mayRefund, {
      summary:
        'Give money back on a paid order (the owner, and staff the owner lets: team settings `staffMayRefund`): the whole of what is left (tip and delivery fee included) or chosen lines (`lineNo`: the line’s position in `lines`, and how many of its units), with a reason. The amount is computed, never sent: a line’s share of its discount and tax. 409 order_not_paid for an order not paid; 422 refund_above_paid above what is left (`fields` names the line or the amount left). Answers the refund and the order’s refunded total',
      params: OrderParams,
      body: CreateRefundSchema,
      response: { 201: RefundCreatedSchema },
    }),
    async (request, reply) => {
      if (!isUuid(request.params.orderId)) throw orderNotFound();
      const { truck } = truckAccessOf(request);
      const lang = languageFromHeader(request.headers['accept-language']);
      const recorded = await refundOrder(db, truck.id, request.params.orderId, request.body, actorOf(authOf(request)), lang);
      return reply.status(201).send({ refund: toRefund(recorded.refund), refundedMinor: recorded.row.refundedMinor, order: { id: recorded.row.id, version: recorded.row.version } });
    },
  );

  app.get(
    '/trucks/:truckId/orders/:orderId/refunds',
    truckRoute(ownerOrStaff, { summary: 'The money given back on an order, oldest first, and its refunded total', params: OrderParams, response: { 200: RefundListSchema } }),
    async (request) => {
      if (!isUuid(request.params.orderId)) throw orderNotFound();
      const order = await service.get(truckAccessOf(request).truck, request.params.orderId);
      const rows = await refundsOf(db, order.truckId, order.id);
      return { refunds: rows.map(toRefund), refundedMinor: order.refundedMinor };
    },
  );

  await publicOrderRoutes(instance, service);

  // Not HTTP, but the feature's one registration point: the acceptance window, the tab counts' folding, and the keys' retention.
  instance.jobs.schedule({
    name: 'orders-expire-pending',
    everyMs: 5_000,
    run: async () => (await service.expireDue()) === EXPIRY_BATCH,
  });
  instance.jobs.schedule({
    name: 'orders-compact-tab-counts',
    everyMs: 5_000,
    run: async () => (await service.compactTabCounts()) === TAB_COUNTS_BATCH,
  });
  instance.jobs.schedule({ name: 'orders-forget-idempotency-keys', everyMs: 10 * 60_000, run: async () => void (await service.forgetOldKeys()) });
}
