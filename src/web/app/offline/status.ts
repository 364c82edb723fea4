/**
 * What the navbar says of the device queue (decision 018): online or not, how many changes wait,
 * whether some are being sent, how many came back as conflicts, and whether the queue waits for a
 * sign-in. A tiny store with no IndexedDB in it, so the shell carries it on every screen: the queue
 * (outbox.ts, loaded by the screens that use it) publishes here and mirrors the figures in local
 * storage, so a reload on any screen still shows them before the queue is loaded again.
 */
import { useSyncExternalStore } from 'react';
import { isRecord, readJson, writeJson } from '../storage';

export interface QueueFigures {
  waiting: number;
  sending: boolean;
  conflicts: number;
  /** The session ended while changes waited: they are sent after the next sign-in. */
  needsSignIn: boolean;
}

export interface OfflineStatus extends QueueFigures {
  online: boolean;
}

export const QUEUE_FIGURES_KEY = 'offline_queue';
const NONE: QueueFigures = { waiting: 0, sending: false, conflicts: 0, needsSignIn: false };

const isFigures = (value: unknown): value is QueueFigures =>
  isRecord(value) && typeof value.waiting === 'number' && typeof value.conflicts === 'number' && typeof value.sending === 'boolean' && typeof value.needsSignIn === 'boolean';

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let state: OfflineStatus = { ...readJson(QUEUE_FIGURES_KEY, isFigures, NONE), sending: false, online: browserOnline() };
const listeners = new Set<() => void>();

function set(next: OfflineStatus): void {
  if ((Object.keys(next) as (keyof OfflineStatus)[]).every((key) => next[key] === state[key])) return;
  state = next;
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set({ ...state, online: true }));
  window.addEventListener('offline', () => set({ ...state, online: false }));
}

export const offlineStatus = {
  get: (): OfflineStatus => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The queue's figures, as it counts them after every change. */
  publish(figures: QueueFigures): void {
    writeJson(QUEUE_FIGURES_KEY, { ...figures, sending: false });
    set({ ...state, ...figures, online: browserOnline() });
  },
};

export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(offlineStatus.subscribe, offlineStatus.get);
}

/** The screens that keep working with no connection; every other back-office screen says it needs one. */
export const OFFLINE_SCREENS: readonly string[] = ['/orders', '/menu'];
