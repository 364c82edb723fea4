/**
 * The order flow of product.md §2, as pure rules: which action moves which status where, the
 * payloads those actions carry, and how the dashboard groups statuses into tabs.
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
import { z } from 'zod';
import {
  ReasonSchema,
  VersionSchema,
  parseCommand,
  tabHolding,
  type HistoryEntry,
  type IllegalTransition,
  type InvalidCommand,
} from './status-flow';

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
] as const;
export type OrderActionName = (typeof ORDER_ACTIONS)[number];

/** What a person (vendor or staff) can do; expire belongs to the acceptance-window job. */
export type ManualOrderActionName = Exclude<OrderActionName, 'expire'>;
export const MANUAL_ORDER_ACTIONS: readonly ManualOrderActionName[] = ORDER_ACTIONS.filter(
  (action): action is ManualOrderActionName => action !== 'expire',
);

export const MAX_PREP_MINUTES = 240;
export const MAX_DELAY_MINUTES = 240;

const acceptShape = { action: z.literal('accept'), prepMinutes: z.int().min(1).max(MAX_PREP_MINUTES) };
const rejectShape = { action: z.literal('reject'), reason: ReasonSchema };
const startPreparingShape = { action: z.literal('start_preparing') };
const markReadyShape = { action: z.literal('mark_ready') };
const sendOutShape = { action: z.literal('send_out') };
const completeShape = { action: z.literal('complete') };
const cancelShape = { action: z.literal('cancel'), reason: ReasonSchema };
const delayShape = { action: z.literal('delay'), minutes: z.int().min(1).max(MAX_DELAY_MINUTES) };
const expireShape = { action: z.literal('expire') };

/** The body of "do this to order N": `version` is the one the person saw, for optimistic concurrency. */
export const OrderActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ ...acceptShape, version: VersionSchema }),
  z.strictObject({ ...rejectShape, version: VersionSchema }),
  z.strictObject({ ...startPreparingShape, version: VersionSchema }),
  z.strictObject({ ...markReadyShape, version: VersionSchema }),
  z.strictObject({ ...sendOutShape, version: VersionSchema }),
  z.strictObject({ ...completeShape, version: VersionSchema }),
  z.strictObject({ ...cancelShape, version: VersionSchema }),
  z.strictObject({ ...delayShape, version: VersionSchema }),
]);
export type OrderAction = z.infer<typeof OrderActionSchema>;

/** Every action `transition` takes, whoever sends it; a parsed OrderAction is one. */
export const OrderCommandSchema = z.discriminatedUnion('action', [
  z.object(acceptShape),
  z.object(rejectShape),
  z.object(startPreparingShape),
  z.object(markReadyShape),
  z.object(sendOutShape),
  z.object(completeShape),
  z.object(cancelShape),
  z.object(delayShape),
  z.object(expireShape),
]);
export type OrderCommand = z.input<typeof OrderCommandSchema>;

export type OrderState = { status: OrderStatus; type: OrderType; estimatedReadyAt?: string };

type Move = { to: OrderStatus; onlyFor?: OrderType };

const ORDER_FLOW: Record<OrderStatus, Partial<Record<OrderActionName, Move>>> = {
  pending: { accept: { to: 'accepted' }, reject: { to: 'rejected' }, expire: { to: 'expired' } },
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

function nextStatus(order: Pick<OrderState, 'status' | 'type'>, action: OrderActionName): OrderStatus | null {
  const move = ORDER_FLOW[order.status][action];
  if (!move || (move.onlyFor && move.onlyFor !== order.type)) return null;
  return move.to;
}

/** The buttons the order panel offers. */
export function allowedActions(order: Pick<OrderState, 'status' | 'type'>): ManualOrderActionName[] {
  return MANUAL_ORDER_ACTIONS.filter((action) => nextStatus(order, action) !== null);
}

export type OrderTransition =
  | {
      ok: true;
      status: OrderStatus;
      estimatedReadyAt?: string;
      historyEntry: HistoryEntry<OrderStatus, OrderActionName>;
    }
  | IllegalTransition<OrderStatus, OrderActionName>
  | InvalidCommand;

const MINUTE_MS = 60_000;

function minutesAfter(instantMs: number, minutes: number): string {
  return new Date(instantMs + minutes * MINUTE_MS).toISOString();
}

/**
 * The status an action leads to, or why it may not happen. The status is checked before the
 * payload, so acting on an order that moved on answers "illegal" (409), not a field error.
 * `estimatedReadyAt` in the result is the estimate after the change, carried over when unchanged.
 */
export function transition(order: OrderState, command: OrderCommand, now: Date): OrderTransition {
  const to = nextStatus(order, command.action);
  if (to === null) return { ok: false, code: 'illegal_transition', from: order.status, action: command.action };
  const parsed = parseCommand(OrderCommandSchema, command);
  if (!parsed.ok) return parsed;

  const step = parsed.data;
  let estimatedReadyAt = order.estimatedReadyAt;
  if (step.action === 'accept') estimatedReadyAt = minutesAfter(now.getTime(), step.prepMinutes);
  if (step.action === 'delay') {
    // A late order is delayed from now: "10 more minutes" must not land in the past.
    const estimate = order.estimatedReadyAt === undefined ? now.getTime() : Date.parse(order.estimatedReadyAt);
    estimatedReadyAt = minutesAfter(Math.max(estimate, now.getTime()), step.minutes);
  }
  const reason = step.action === 'reject' || step.action === 'cancel' ? step.reason : undefined;
  return {
    ok: true,
    status: to,
    ...(estimatedReadyAt === undefined ? {} : { estimatedReadyAt }),
    historyEntry: { status: to, action: step.action, ...(reason === undefined ? {} : { reason }) },
  };
}

/** Dashboard tabs in display order; pending is the default. */
export const DASHBOARD_TABS = {
  pending: ['pending'],
  in_progress: ['accepted', 'preparing'],
  ready: ['ready', 'out_for_delivery'],
  completed: ['completed'],
  closed: ['rejected', 'cancelled', 'expired'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type DashboardTab = keyof typeof DASHBOARD_TABS;
export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'pending';

export function tabOf(status: OrderStatus): DashboardTab {
  return tabHolding<DashboardTab, OrderStatus>(DASHBOARD_TABS, status);
}

/** The daily number as staff call it out: '#042', three digits at least. */
export function displayNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`An order number is a positive integer, got ${n}`);
  return `#${String(n).padStart(3, '0')}`;
}
