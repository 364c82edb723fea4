/**
 * Refunds (issue 44): money given back on a paid order, decided by the domain's pure rule
 * (domain/orders/refunds.ts) on the order row locked FOR UPDATE, so concurrent refunds queue on it and
 * never give back more than was paid; the orders table's check (refunded_minor ≤ total) holds the same
 * line. Each refund adds an order_refunds row, the order's refunded total and next version, a 'refund'
 * history entry and a live `order.changed` event. Cancelling a paid order gives back the whole of it
 * (orders.service.ts applyCommand).
 */
import { DomainError, type Lang } from '@domain/errors';
import { formatMoney, type Currency } from '@domain/money';
import { ORDER_EVENTS, type OrderEvent } from '@domain/orders/contracts';
import { decideRefund, type Refund, type RefundableOrder, type RefundMoney, type RefundRequest } from '@domain/orders/refunds';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orderHistory, orderLines, orderRefunds, orders } from '../../db/tables/orders';
import { timeOrderedUuid } from '../../db/time-ordered-id';
import { lockTruckEventCounter, publishTruckEvent } from '../../platform/events.publish';
import { actorName, historyValues, type Actor } from '../../platform/history';
import { toHistoryEntry, toSummary, type OrderRow } from './orders.view';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;
type RefundRow = typeof orderRefunds.$inferSelect;

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    amountMinor: row.amountMinor,
    netSalesMinor: row.netSalesMinor,
    taxMinor: row.taxMinor,
    deliveryFeeMinor: row.deliveryFeeMinor,
    tipMinor: row.tipMinor,
    lines: row.lines,
    reason: row.reason,
    by: row.byName === null ? null : { id: row.byUserId, name: row.byName },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function refundsOf(runner: Runner, truckId: string, orderId: string): Promise<RefundRow[]> {
  return runner
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.truckId, truckId), eq(orderRefunds.orderId, orderId)))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

/** The order's money as the refund rule reads it. */
async function refundableOf(tx: Tx, row: OrderRow): Promise<RefundableOrder> {
  const lines = await tx
    .select({ lineNo: orderLines.lineNo, qty: orderLines.qty, amountMinor: orderLines.total, discountMinor: orderLines.discountMinor, taxMinor: orderLines.taxMinor })
    .from(orderLines)
    .where(and(eq(orderLines.truckId, row.truckId), eq(orderLines.orderId, row.id)))
    .orderBy(asc(orderLines.lineNo));
  return {
    paid: row.paymentStatus === 'paid',
    pricesIncludeTax: row.pricesIncludeTax,
    subtotalMinor: row.subtotal,
    discountMinor: row.discountMinor,
    deliveryFeeMinor: row.deliveryFee,
    deliveryFeeTaxMinor: row.deliveryFeeTaxMinor,
    taxMinor: row.taxMinor,
    tipMinor: row.tipMinor,
    totalMinor: row.total,
    lines,
  };
}

/** The refund's refusal as the API answers it: 409 order_not_paid, 422 refund_above_paid with every problem in `fields`. */
function refusal(decision: Extract<ReturnType<typeof decideRefund>, { ok: false }>, currency: Currency, lang: Lang): DomainError {
  const fields = decision.problems.map(({ path, code, params }) =>
    path === '' && typeof params?.max === 'number' ? { path, code, params: { max: formatMoney(params.max, currency, lang) } } : { path, code, ...(params ? { params } : {}) },
  );
  return new DomainError(decision.code, decision.status, undefined, fields);
}

export interface RecordedRefund {
  row: OrderRow;
  refund: RefundRow;
  history: typeof orderHistory.$inferSelect;
}

/**
 * Decides and writes a refund on an order row the caller has locked FOR UPDATE in `tx` (and whose
 * truck event counter it holds or takes after): the refund, the order's refunded total and version,
 * and its history entry. No event: the caller publishes the order as it ends up.
 */
export async function recordRefund(
  tx: Tx,
  row: OrderRow,
  request: RefundRequest,
  reason: string,
  actor: Actor | null,
  now: Date,
  lang: Lang,
): Promise<RecordedRefund> {
  const earlier: RefundMoney[] = await refundsOf(tx, row.truckId, row.id);
  const decision = decideRefund(await refundableOf(tx, row), earlier, request);
  if (!decision.ok) throw refusal(decision, row.currency as Currency, lang);
  const { refund } = decision;
  const [inserted] = await tx
    .insert(orderRefunds)
    .values({
      truckId: row.truckId,
      id: timeOrderedUuid(now.getTime()),
      orderId: row.id,
      kind: request.kind,
      amountMinor: refund.amountMinor,
      netSalesMinor: refund.netSalesMinor,
      taxMinor: refund.taxMinor,
      deliveryFeeMinor: refund.deliveryFeeMinor,
      tipMinor: refund.tipMinor,
      lines: refund.lines,
      reason,
      byUserId: actor?.userId ?? null,
      byName: actorName(actor),
      createdAt: now,
    })
    .returning();
  const version = row.version + 1;
  const [updated] = await tx
    .update(orders)
    .set({ refundedMinor: sql`${orders.refundedMinor} + ${refund.amountMinor}`, version, updatedAt: now })
    .where(and(eq(orders.truckId, row.truckId), eq(orders.id, row.id)))
    .returning();
  const [history] = await tx
    .insert(orderHistory)
    .values({ ...historyValues(row.truckId, version, { status: row.status, action: 'refund' as const, reason }, actor, now), orderId: row.id })
    .returning();
  return { row: updated!, refund: inserted!, history: history! };
}

/** A person's refund: the order locked, the refund decided and written, the order's change announced. */
export async function refundOrder(db: Db, truckId: string, orderId: string, body: RefundRequest & { reason: string }, actor: Actor, lang: Lang, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.truckId, truckId), eq(orders.id, orderId)))
      .for('update');
    if (!row) throw new DomainError('order_not_found', 404);
    const request: RefundRequest = body.kind === 'whole' ? { kind: 'whole' } : { kind: 'lines', lines: body.lines };
    // The truck's event counter before the rollups the refund's trigger writes, in intake's lock order (applyCommand says why).
    await lockTruckEventCounter(tx, truckId);
    const recorded = await recordRefund(tx, row, request, body.reason, actor, now, lang);
    const event: OrderEvent = { order: toSummary(recorded.row), previousStatus: row.status, history: toHistoryEntry(recorded.history) };
    await publishTruckEvent(tx, truckId, ORDER_EVENTS.changed, event);
    return recorded;
  });
}
