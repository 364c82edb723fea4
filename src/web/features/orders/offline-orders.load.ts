/**
 * The device queue's code (offline-orders.ts, with IndexedDB) stays out of the screens' first load.
 * Every place that needs it asks here, and /orders asks once it is up (with the saved reads' code):
 * a tap with no signal then finds the code already loaded, even before the service worker keeps a
 * copy (a chunk first asked for offline never comes).
 */
import { loadSnapshots } from '../../app/offline/load-snapshots';

export const loadOfflineOrders = () => import('./offline-orders');

export function loadOfflineCode(): void {
  void loadOfflineOrders();
  void loadSnapshots();
}
