/**
 * The device queue's code (offline-orders.ts, with IndexedDB) stays out of the screens' first load.
 * Every place that needs it asks here, and /orders asks once it is up: a tap with no signal then
 * finds the code already loaded, even before the service worker keeps a copy (a chunk first asked
 * for offline never comes).
 */
export const loadOfflineOrders = () => import('./offline-orders');
