/** How the customer's order page follows its order; no schemas, so the page's bundle stays small. */
import type { OrderStatus } from '../orders';

/** How often an order's page asks again while the order is still moving (with If-None-Match, so mostly 304s). */
export const ORDER_POLL_MS = 4_000;

const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(['completed', 'rejected', 'cancelled', 'expired']);

/** An order in one of these statuses will not change again: its page stops asking. */
export const isFinalStatus = (status: OrderStatus) => FINAL_STATUSES.has(status);
