/**
 * The new-order alerts of the signed-in app, shared by the shell's part of the orders feature
 * (order-alerts.shell.tsx: the stream, the ring, the banner, the notification) and the /orders screen
 * (which marks the ringing orders, says when the stream is down and offers the sound and
 * notification switches). A tiny store outside React, so it outlives any one screen.
 */
import type { OrderSummary } from '@domain/orders/contracts';
import { useSyncExternalStore } from 'react';

export type StreamStatus = 'connecting' | 'live' | 'offline';
export type NotificationState = NotificationPermission | 'unsupported';

export interface OrderAlerts {
  /** New orders nobody has acknowledged yet, oldest first. */
  ringing: readonly OrderSummary[];
  stream: StreamStatus;
  /** The browser lets the ring play (it needs one tap or key first). */
  soundReady: boolean;
  notifications: NotificationState;
}

export const notificationState = (): NotificationState => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

const INITIAL: OrderAlerts = { ringing: [], stream: 'connecting', soundReady: false, notifications: 'unsupported' };

let state: OrderAlerts = { ...INITIAL, notifications: notificationState() };
const listeners = new Set<() => void>();

function update(next: Partial<OrderAlerts>): void {
  const changed = (Object.keys(next) as (keyof OrderAlerts)[]).some((key) => next[key] !== state[key]);
  if (!changed) return;
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

export const orderAlerts = {
  get: (): OrderAlerts => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A new order rings (again, when it was already ringing, with its latest version). */
  ring(order: OrderSummary): void {
    update({ ringing: [...state.ringing.filter((o) => o.id !== order.id), order] });
  },
  /** These orders stop ringing (acknowledged here or on another device, or answered). */
  stop(orderIds: readonly string[]): void {
    const ids = new Set(orderIds);
    if (state.ringing.some((o) => ids.has(o.id))) update({ ringing: state.ringing.filter((o) => !ids.has(o.id)) });
  },
  setStream: (stream: StreamStatus) => update({ stream }),
  setSoundReady: (soundReady: boolean) => update({ soundReady }),
  setNotifications: (notifications: NotificationState) => update({ notifications }),
  /** Forgets everything: another truck, or signed out. */
  reset: () => update({ ...INITIAL, notifications: notificationState() }),
};

export function useOrderAlerts(): OrderAlerts {
  return useSyncExternalStore(orderAlerts.subscribe, orderAlerts.get);
}

/** Actions need the server: while the stream is down the screen says so instead of failing silently. */
export function isOffline(): boolean {
  return state.stream === 'offline' || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
