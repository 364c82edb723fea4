/**
 * The counter's changes when the connection is gone (decision 018), loaded with the /orders screen
 * (a dynamic import: the first load carries none of it): a phone or cash order taken from the menu
 * as last loaded, shown at once with a temporary number; a status change on the order as the screen
 * shows it; an acknowledged ring. Each is stored in the device queue first (app/offline), together
 * with the order as it will be (`view`), which the screen lays over what it last had from the server
 * until the server has answered.
 */
import type { Menu } from '@domain/menu';
import { priceLine } from '@domain/menu/line-pricing';
import { netSalesMinor, orderTotals, type TaxSettings } from '@domain/money/order-totals';
import type { Order, StaffOrderInput } from '@domain/orders/contracts';
import { tabOf, transition, type DashboardTab, type OrderAction } from '@domain/orders';
import { deviceQueue, sendNow } from '../../app/offline/device-queue';
import { TEMP_PREFIX, type Change } from '../../app/offline/outbox';
import { startSavingReads } from '../../app/offline/snapshots';
import type { Actor } from './use-actor';

startSavingReads();

export { deviceQueue, sendNow };

/** What the screen lays over the server's lists until the server has the change. */
export interface ChangeView {
  order: Order;
  /** The tab the order leaves (null: a new order) and the one it goes to, for the counts. */
  from: DashboardTab | null;
  to: DashboardTab;
  /** In words, for a conflict: the action tried (a history action name) on which order number. */
  action: string;
}

export const viewOf = (change: Change): ChangeView | undefined => change.view as ChangeView | undefined;

const ordersUrl = (truckId: string) => `/trucks/${truckId}/orders`;

/**
 * A phone or cash order taken with no connection: priced from the menu as last loaded (what the
 * customer was told and paid), numbered on the device (negative: shown as a temporary number until
 * the server's arrives), accepted at once as the server does for staff orders. It goes with its
 * Idempotency-Key, the time it was taken and the total shown, so a price changed since comes back
 * as a conflict instead of a different charge.
 */
export async function queuePhoneOrder(args: { truckId: string; menu: Menu; order: StaffOrderInput; actor: Actor; currency: Order['currency']; tax: TaxSettings; prepMinutes: number }): Promise<Order> {
  const { truckId, menu, order, actor } = args;
  const takenAt = new Date();
  const at = takenAt.toISOString();
  const items = new Map(menu.items.map((item) => [item.id, item]));
  const priced = order.lines.map((line) => {
    const item = items.get(line.itemId)!;
    const qty = Number(line.qty);
    const price = priceLine(item, line.optionIds ?? [], qty, takenAt);
    if (!price.ok) throw new Error('a line the form accepted could not be priced');
    return { item, line, qty, price };
  });
  // The one rule the intake uses (decision 017), so the total sent as expected is the server's. No
  // promotion offline: a code is judged by the server.
  const totals = orderTotals({
    currency: args.currency,
    lines: priced.map(({ item, qty, price }) => ({ unitPriceMinor: price.unitPrice, quantity: qty, taxCategory: item.taxCategory })),
    deliveryFeeMinor: 0,
    tax: args.tax,
    tip: order.tip ?? null,
  });
  const lines: Order['lines'] = priced.map(({ item, line, qty, price }, index) => ({
    itemId: item.id,
    nameEn: item.nameEn,
    nameAr: item.nameAr,
    unitPrice: price.unitPrice,
    qty,
    options: price.snapshot.options,
    note: line.note ?? '',
    total: price.total,
    taxCategory: item.taxCategory,
    discount: totals.lines[index]!.discountMinor,
    tax: totals.lines[index]!.taxMinor,
  }));
  const subtotal = totals.subtotalMinor;
  const tempId = `${TEMP_PREFIX}${crypto.randomUUID()}`;
  const number = -(await deviceQueue.next('order-number'));
  const longest = Math.max(args.prepMinutes, ...lines.map((line) => items.get(line.itemId)?.prepMinutes ?? 0));
  const by = { id: actor.id, name: actor.name };
  const shown: Order = {
    invoice: null,
    id: tempId,
    truckId,
    publicId: '',
    number,
    businessDate: at.slice(0, 10),
    status: 'accepted',
    type: order.type,
    source: 'phone',
    customer: { name: order.customer.name, phone: String(order.customer.phone) },
    delivery: null,
    itemCount: lines.reduce((sum, line) => sum + line.qty, 0),
    subtotal,
    deliveryFee: 0,
    total: totals.totalMinor,
    refundedMinor: 0,
    money: {
      subtotal,
      discount: totals.discountMinor,
      promotionCode: null,
      deliveryFee: 0,
      deliveryFeeTax: totals.deliveryFeeTaxMinor,
      tax: totals.taxMinor,
      taxRateBp: totals.taxRateBasisPoints,
      pricesIncludeTax: totals.pricesIncludeTax,
      tip: totals.tipMinor,
      netSales: netSalesMinor(totals),
      total: totals.totalMinor,
    },
    currency: args.currency,
    paymentMethod: order.paymentMethod,
    paymentStatus: 'unpaid',
    requestedTime: null,
    estimatedReadyAt: new Date(takenAt.getTime() + longest * 60_000).toISOString(),
    acceptBy: at,
    acknowledgedAt: at,
    createdAt: at,
    updatedAt: at,
    version: 1,
    lines,
    history: [
      { version: 0, status: 'pending', action: 'place', reason: null, at, actor: by },
      { version: 1, status: 'accepted', action: 'accept', reason: null, at, actor: by },
    ],
  };
  const id = crypto.randomUUID();
  const view: ChangeView = { order: shown, from: null, to: tabOf('accepted'), action: 'place' };
  await deviceQueue.add({
    id,
    kind: 'order.place',
    truckId,
    url: ordersUrl(truckId),
    body: { ...order, takenAt: at, expectedTotal: totals.totalMinor },
    idempotencyKey: id,
    tempOrderId: tempId,
    orderId: tempId,
    view,
  });
  void sendNow();
  return shown;
}

/** The order as an action will leave it, or null when its status does not allow the action. */
export function afterAction(order: Order, action: OrderAction, actor: Actor, now = new Date()): Order | null {
  const { version: _version, ...command } = action;
  const estimate = order.estimatedReadyAt ? { estimatedReadyAt: order.estimatedReadyAt } : {};
  const result = transition({ status: order.status, type: order.type, ...estimate }, command, now);
  if (!result.ok) return null;
  const at = now.toISOString();
  const version = order.version + 1;
  return {
    ...order,
    status: result.status,
    estimatedReadyAt: result.estimatedReadyAt ?? null,
    ...(result.status === 'completed' ? { paymentStatus: 'paid' as const } : {}),
    acknowledgedAt: order.acknowledgedAt ?? at,
    updatedAt: at,
    version,
    history: [...order.history, { version, status: result.status, action: result.historyEntry.action, reason: result.historyEntry.reason ?? null, at, actor: { id: actor.id, name: actor.name } }],
  };
}

/** A status change made with no connection, on the order as the screen shows it (its version goes along). */
export async function queueAction(truckId: string, order: Order, action: OrderAction, actor: Actor): Promise<Order | null> {
  const next = afterAction(order, { ...action, version: order.version }, actor);
  if (!next) return null;
  const view: ChangeView = { order: next, from: tabOf(order.status), to: tabOf(next.status), action: action.action };
  await deviceQueue.add({
    id: crypto.randomUUID(),
    kind: 'order.act',
    truckId,
    url: `${ordersUrl(truckId)}/${order.id}/actions`,
    body: { ...action, version: order.version },
    orderId: order.id,
    applied: { version: order.version, action: action.action, actorId: actor.id },
    view,
  });
  void sendNow();
  return next;
}

/** A ring heard with no connection: sent when the connection is back (acknowledging twice changes nothing). */
export async function queueAcknowledge(truckId: string, orderIds: readonly string[]): Promise<void> {
  await deviceQueue.add({ id: crypto.randomUUID(), kind: 'order.acknowledge', truckId, url: `${ordersUrl(truckId)}/acknowledge`, body: { orderIds: [...orderIds] } });
  void sendNow();
}

/** A parked action tried again on the order as the server has it now; false when its status no longer allows it. */
export async function retryOnCurrent(change: Change, actor: Actor): Promise<boolean> {
  const current = change.refusal?.current as Order | undefined;
  const view = viewOf(change);
  if (change.kind === 'order.place') {
    // Refused as priced (a price changed, an item gone): sent again at the server's prices, as a new request.
    const { expectedTotal: _total, ...body } = change.body;
    const key = crypto.randomUUID();
    await deviceQueue.retry(change.id, { url: change.url, body, idempotencyKey: key });
    return true;
  }
  if (change.kind !== 'order.act' || !current || !view) return false;
  const action = { ...(change.body as OrderAction), version: current.version };
  const next = afterAction(current, action, actor);
  if (!next) return false;
  await deviceQueue.retry(change.id, {
    url: change.url,
    body: action,
    applied: { version: current.version, action: action.action, actorId: actor.id },
    view: { ...view, order: next, from: tabOf(current.status), to: tabOf(next.status) },
  });
  return true;
}
