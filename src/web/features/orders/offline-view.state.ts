/**
 * What the /orders screen lays over the server's lists while changes wait in the device queue
 * (decision 018): which orders have a change waiting to be sent, and how the waiting changes move
 * the tabs' counts. Written by the offline layer (offline-layer.tsx, loaded after the screen), read
 * by the list and the tabs; a tiny store with no IndexedDB in it.
 */
import { displayNumber, type DashboardTab } from '@domain/orders/dashboard';
import { useSyncExternalStore } from 'react';

export interface QueuedView {
  /** Orders (temporary ids included) with a change waiting to be sent. */
  waitingIds: ReadonlySet<string>;
  /** How the waiting changes move the tabs' counts. */
  countsDelta: Partial<Record<DashboardTab, number>>;
  /** Some change waits: new ones queue behind it rather than overtake it. */
  anyWaiting: boolean;
}

const EMPTY: QueuedView = { waitingIds: new Set(), countsDelta: {}, anyWaiting: false };
let state = EMPTY;
const listeners = new Set<() => void>();

export const queuedView = {
  get: () => state,
  set(next: QueuedView) {
    // The same view again (the layer lays the queue over every fresh read) is no change: the screen's
    // counts are not dispatched anew for it.
    if (sameView(state, next)) return;
    state = next;
    listeners.forEach((listener) => listener());
  },
  reset() {
    queuedView.set(EMPTY);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function sameView(a: QueuedView, b: QueuedView): boolean {
  if (a.anyWaiting !== b.anyWaiting || a.waitingIds.size !== b.waitingIds.size || [...a.waitingIds].some((id) => !b.waitingIds.has(id))) return false;
  const tabs = new Set([...Object.keys(a.countsDelta), ...Object.keys(b.countsDelta)] as DashboardTab[]);
  return [...tabs].every((tab) => (a.countsDelta[tab] ?? 0) === (b.countsDelta[tab] ?? 0));
}

export const useQueuedView = () => useSyncExternalStore(queuedView.subscribe, queuedView.get);

/** Counts with the waiting changes' moves laid over them. */
export function withQueued(counts: Partial<Record<DashboardTab, number>>, delta: QueuedView['countsDelta']): Partial<Record<DashboardTab, number>> {
  const shown = { ...counts };
  for (const [tab, moved] of Object.entries(delta) as [DashboardTab, number][]) {
    if (shown[tab] !== undefined) shown[tab] = Math.max(0, shown[tab] + moved);
  }
  return shown;
}

/** A daily number as staff call it out; a negative one is the device's temporary number of an order not yet sent. */
export function shownNumber(n: number): string {
  return n < 0 ? `T${String(-n).padStart(2, '0')}` : displayNumber(n);
}
