/**
 * Follows the truck's live event stream: opens it with a fresh single-use ticket (EventSource cannot
 * send the bearer token, and no long-lived token goes in a URL), patches the cache with each order
 * event, and reconnects after a drop, resuming after the last event it had so none is lost. A
 * `ready` or `resync` (a fresh start, or events no longer kept) reloads the orders instead.
 */
import { OrderEventSchema, ORDER_EVENTS, type OrderEvent } from '@domain/order-contracts';
import { STREAM_EVENTS } from '@domain/truck-events';
import { useEffect, useRef, useState } from 'react';
import { applyOrderEvent, ordersApi, reloadOrders, useOrdersDispatch } from './orders.api';

export type StreamStatus = 'connecting' | 'live' | 'offline';

/** Waits before reconnecting, longer each time (a server restarting, a tablet off the Wi-Fi). */
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

export function useOrderStream(truckId: string, onEvent: (type: 'created' | 'changed', event: OrderEvent) => void): StreamStatus {
  const dispatch = useOrdersDispatch();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId: string | undefined;
    let failures = 0;
    let stopped = false;

    const retry = () => {
      source?.close();
      if (stopped) return;
      setStatus('offline');
      timer = setTimeout(connect, RETRY_DELAYS_MS[Math.min(failures++, RETRY_DELAYS_MS.length - 1)]);
    };

    const reload = (event: MessageEvent) => {
      lastEventId = event.lastEventId;
      dispatch(reloadOrders(truckId));
    };

    const receive = (type: 'created' | 'changed') => (message: MessageEvent<string>) => {
      lastEventId = message.lastEventId;
      const parsed = OrderEventSchema.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      dispatch(applyOrderEvent(truckId, parsed.data));
      handler.current(type, parsed.data);
    };

    async function connect() {
      setStatus('connecting');
      try {
        const { ticket } = await dispatch(ordersApi.endpoints.streamTicket.initiate(truckId)).unwrap();
        if (stopped) return;
        const query = new URLSearchParams({ ticket, ...(lastEventId ? { lastEventId } : {}) });
        source = new EventSource(`/api/v1/trucks/${truckId}/events?${query}`);
        source.onopen = () => {
          failures = 0;
          setStatus('live');
        };
        // The browser would retry with the spent ticket: reconnect with a new one instead.
        source.onerror = retry;
        source.addEventListener(STREAM_EVENTS.ready, reload);
        source.addEventListener(STREAM_EVENTS.resync, reload);
        source.addEventListener(ORDER_EVENTS.created, receive('created'));
        source.addEventListener(ORDER_EVENTS.changed, receive('changed'));
      } catch {
        retry();
      }
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [dispatch, truckId]);

  return status;
}
