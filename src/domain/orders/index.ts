/**
 * The order flow of docs/product.md §2.6, as pure rules: which action moves which status where
 * (orders/flow.ts), the payloads those actions carry, and how the dashboard groups statuses into
 * tabs (orders/dashboard.ts). The two modules hold no schemas, so the browser's shell reads them
 * without zod; this one adds the schemas and the transition.
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
  type HistoryEntry,
  type IllegalTransition,
  type InvalidCommand,
} from '../status-flow';
import { MAX_DELAY_MINUTES, MAX_PREP_MINUTES, nextStatus, type OrderActionName, type OrderState, type OrderStatus } from './flow';

// The rules the browser reads without zod.
export * from './flow';
export { DASHBOARD_TABS, DEFAULT_DASHBOARD_TAB, displayNumber, QUEUE_TABS, tabOf, type DashboardTab } from './dashboard';

const acceptShape = { action: z.literal('accept'), prepMinutes: z.int().min(1).max(MAX_PREP_MINUTES) };
const rejectShape = { action: z.literal('reject'), reason: ReasonSchema };
const startPreparingShape = { action: z.literal('start_preparing') };
const markReadyShape = { action: z.literal('mark_ready') };
const sendOutShape = { action: z.literal('send_out') };
const completeShape = { action: z.literal('complete') };
const cancelShape = { action: z.literal('cancel'), reason: ReasonSchema };
const delayShape = { action: z.literal('delay'), minutes: z.int().min(1).max(MAX_DELAY_MINUTES) };
const expireShape = { action: z.literal('expire') };
const withdrawShape = { action: z.literal('withdraw') };

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
  z.object(withdrawShape),
]);
export type OrderCommand = z.input<typeof OrderCommandSchema>;

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

