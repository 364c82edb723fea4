/**
 * Keeps /home live: follows the truck's event stream (a fresh single-use ticket each time, as the
 * order dashboard does) and refetches the summary when an order is placed or changes, at most once
 * a second however many arrive. Reconnects after a drop; a fresh connection refetches too, as
 * changes may have been missed meanwhile.
 */
import type { ORDER_EVENTS } from '@domain/orders/contracts';
import type { STREAM_EVENTS } from '@domain/truck-events';
import { useEffect } from 'react';
import { useHomeStreamTicketMutation } from './home.api';

/** The events that change the figures; named here (checked against the contracts) so the screen does not load zod. */
const ORDER_EVENT_NAMES = ['order.created', 'order.changed'] as const satisfies readonly (typeof ORDER_EVENTS)[keyof typeof ORDER_EVENTS][];
const RELOAD_EVENT_NAMES = ['ready', 'resync'] as const satisfies readonly (typeof STREAM_EVENTS)[keyof typeof STREAM_EVENTS][];
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];
const REFRESH_GAP_MS = 1_000;

export function useHomeStream(truckId: string, refresh: () => void, enabled: boolean): void {
  const [ticketFor] = useHomeStreamTicketMutation();

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const soon = () => {
      refreshTimer ??= setTimeout(() => {
        refreshTimer = undefined;
        if (!stopped) refresh();
      }, REFRESH_GAP_MS);
    };
    const retry = () => {
      source?.close();
      if (!stopped) retryTimer = setTimeout(connect, RETRY_DELAYS_MS[Math.min(failures++, RETRY_DELAYS_MS.length - 1)]);
    };

    async function connect() {
      try {
        const { ticket } = await ticketFor(truckId).unwrap();
        if (stopped) return;
        source = new EventSource(`/api/v1/trucks/${truckId}/events?${new URLSearchParams({ ticket })}`);
        source.onopen = () => (failures = 0);
        source.onerror = retry;
        for (const name of [...ORDER_EVENT_NAMES, ...RELOAD_EVENT_NAMES]) source.addEventListener(name, soon);
      } catch {
        retry();
      }
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(refreshTimer);
      source?.close();
    };
  }, [truckId, enabled, refresh, ticketFor]);
}
