/**
 * The order flow of docs/product.md §2.6 without its schemas (../orders.ts adds them and the
 * transition): the statuses, the actions, which action moves which status where, and what a person may
 * do, so the browser's shell and order panel read them without zod.
 *
 * Readings of the diagram where it could be read two ways:
 * - cancel(reason) is drawn from accepted and preparing only, so a ready or out-for-delivery order
 *   cannot be cancelled (once food is made it is handed over, not cancelled);
 * - (delivery) marks the branch only delivery orders take: a delivery order goes ready →
 *   out_for_delivery → completed and may not skip the ride, a pickup order goes ready → completed;
 * - accepted → preparing is not skipped: mark_ready needs a preparing order;
 * - expire is the acceptance-window job's action, never a person's: the job decides when the window
 *   has passed, the person-facing schema and allowedActions leave it out.
 */

export const ORDER_STATUSES = [
  'pending',
  'accepted',
  'preparing',
  'ready',
  'out_for_delivery',
  'completed',
  'rejected',
  'cancelled',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TYPES = ['pickup', 'delivery'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_ACTIONS = [
  'accept',
  'reject',
  'start_preparing',
  'mark_ready',
  'send_out',
  'complete',
  'cancel',
  'delay',
  'expire',
  'withdraw',
] as const;
export type OrderActionName = (typeof ORDER_ACTIONS)[number];

/**
 * What a person at the truck (vendor or staff) can do; expire belongs to the acceptance-window job,
 * withdraw to the customer (cancelling from the truck page while nobody has answered yet).
 */
export type ManualOrderActionName = Exclude<OrderActionName, 'expire' | 'withdraw'>;
export const MANUAL_ORDER_ACTIONS: readonly ManualOrderActionName[] = ORDER_ACTIONS.filter(
  (action): action is ManualOrderActionName => action !== 'expire' && action !== 'withdraw',
);

export const MAX_PREP_MINUTES = 240;
export const MAX_DELAY_MINUTES = 240;

export type OrderState = { status: OrderStatus; type: OrderType; estimatedReadyAt?: string };

type Move = { to: OrderStatus; onlyFor?: OrderType };

const ORDER_FLOW: Record<OrderStatus, Partial<Record<OrderActionName, Move>>> = {
  pending: { accept: { to: 'accepted' }, reject: { to: 'rejected' }, expire: { to: 'expired' }, withdraw: { to: 'cancelled' } },
  accepted: { start_preparing: { to: 'preparing' }, cancel: { to: 'cancelled' }, delay: { to: 'accepted' } },
  preparing: { mark_ready: { to: 'ready' }, cancel: { to: 'cancelled' }, delay: { to: 'preparing' } },
  ready: {
    complete: { to: 'completed', onlyFor: 'pickup' },
    send_out: { to: 'out_for_delivery', onlyFor: 'delivery' },
  },
  out_for_delivery: { complete: { to: 'completed' } },
  completed: {},
  rejected: {},
  cancelled: {},
  expired: {},
};

/** Where an action takes an order, or null when the diagram has no such arrow (for this order's type). */
export function nextStatus(order: Pick<OrderState, 'status' | 'type'>, action: OrderActionName): OrderStatus | null {
  const move = ORDER_FLOW[order.status][action];
  if (!move || (move.onlyFor && move.onlyFor !== order.type)) return null;
  return move.to;
}

/** The buttons the order panel offers. */
export function allowedActions(order: Pick<OrderState, 'status' | 'type'>): ManualOrderActionName[] {
  return MANUAL_ORDER_ACTIONS.filter((action) => nextStatus(order, action) !== null);
}
