/**
 * What the order dashboard shows of an order, without schemas (the browser's shell loads it without
 * zod): the tabs statuses are grouped in, the daily number, the search box's reading and the live
 * events' names. The contracts are ./contracts.ts.
 */
import type { OrderCountQuery, OrderSummary } from './contracts';
import { tabHolding } from '../status-flow/tabs';
import type { OrderStatus } from './flow';

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

export const DASHBOARD_TAB_NAMES = Object.keys(DASHBOARD_TABS) as DashboardTab[];

/** Tabs whose orders are still being worked on list oldest first (a queue); the others newest first. */
export const QUEUE_TABS: ReadonlySet<DashboardTab> = new Set(['pending', 'in_progress', 'ready']);

/** The daily number as staff call it out: '#042', three digits at least. */
export function displayNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`An order number is a positive integer, got ${n}`);
  return `#${String(n).padStart(3, '0')}`;
}

/** What the search box's text looks for: an order number ("42", "#042"), a phone (5 digits or more), or a name. */
export type OrderSearch = { kind: 'number'; number: number } | { kind: 'phone'; digits: string } | { kind: 'name'; text: string };

export function orderSearch(q: string): OrderSearch {
  const text = q.trim();
  const number = /^(?:#(\d{1,6})|(\d{1,4}))$/.exec(text);
  if (number) return { kind: 'number', number: Number(number[1] ?? number[2]) };
  const digits = text.replace(/\D/g, '');
  if (/^[\d\s+().-]+$/.test(text) && digits.length >= 5) return { kind: 'phone', digits };
  return { kind: 'name', text };
}

/**
 * Whether an order belongs in a list with these filters, as the server's query decides it: the
 * dashboard uses it to place live changes in the lists it holds.
 */
export function matchesOrderFilters(order: Pick<OrderSummary, 'businessDate' | 'number' | 'customer'>, filters: OrderCountQuery): boolean {
  if (filters.from && order.businessDate < filters.from) return false;
  if (filters.to && order.businessDate > filters.to) return false;
  if (!filters.q?.trim()) return true;
  const search = orderSearch(filters.q);
  if (search.kind === 'number') return order.number === search.number;
  if (search.kind === 'phone') return order.customer.phone.includes(search.digits);
  return order.customer.name.toLocaleLowerCase().includes(search.text.toLocaleLowerCase());
}

/** The server-sent events of a truck's stream that concern orders. */
export const ORDER_EVENTS = { created: 'order.created', changed: 'order.changed' } as const;
