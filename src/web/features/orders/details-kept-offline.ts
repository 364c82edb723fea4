/**
 * An order's panel reads the whole order (lines, history), which the list does not carry. While the
 * connection is up, the detail of each order still being worked on is read once in the background,
 * so that the device keeps it (app/offline/snapshots.ts) and its panel opens with no signal too.
 */
import { QUEUE_TABS, type DashboardTab } from '@domain/orders/dashboard';
import type { OrderSummary } from '@domain/orders/contracts';
import { useEffect } from 'react';
import { ordersApi } from './orders.api';

/** A detail read this recently is not read again (seconds); the stream keeps the cached one current. */
const FRESH_SECONDS = 60;

export function useDetailsKeptOffline(truckId: string, tab: DashboardTab, orders: readonly OrderSummary[], online: boolean): void {
  const prefetch = ordersApi.usePrefetch('order');
  useEffect(() => {
    if (!online || !QUEUE_TABS.has(tab)) return;
    // Orders taken on this device and not yet sent (negative numbers) have no detail on the server.
    for (const order of orders) if (order.number > 0) prefetch({ truckId, orderId: order.id }, { ifOlderThan: FRESH_SECONDS });
  }, [prefetch, truckId, tab, orders, online]);
}
