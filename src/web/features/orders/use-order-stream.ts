/**
 * Follows the truck's live event stream: opens it with a fresh single-use ticket (EventSource cannot
 * send the bearer token, and no long-lived token goes in a URL), patches the cache with each order
 * event, and reconnects after a drop, resuming after the last event it had so none is lost (the
 * server replays them; a `created` among them rings like any other). A `ready` or `resync` (a fresh
 * start, or events no longer kept) reloads the orders instead.
 *
 * The browser's own online/offline signal counts too: losing the network shows as offline at once
 * (an EventSource may take a long time to notice a dead connection), and its return reconnects at
 * once rather than after the back-off.
 *
 * Events are checked against their contract, whose zod schemas the shell does not load at start-up
 * (decision 015): the first order event loads them, and what arrives meanwhile waits its turn.
 */
import type { OrderEvent, OrderEventSchema } from '@domain/orders/contracts';
import { ORDER_EVENTS } from '@domain/orders/dashboard';
import { STREAM_EVENTS } from '@domain/truck-events/stream-events';
import { useEffect, useRef, useState } from 'react';
import type { StreamStatus } from './order-alerts.state';
import { applyOrderEvent, ordersApi, reloadOrders, useOrdersDispatch } from './orders.api';

export type { StreamStatus };

/** Waits before reconnecting, longer each time (a server restarting, a tablet off the Wi-Fi). */
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

type EventSchema = typeof OrderEventSchema;
let eventSchema: EventSchema | undefined;
let loadingSchema: Promise<EventSchema> | undefined;

function loadEventSchema(): Promise<EventSchema> {
  loadingSchema ??= import('@domain/orders/contracts').then(
    (contract) => (eventSchema = contract.OrderEventSchema),
    (error: unknown) => {
      loadingSchema = undefined;
      throw error;
    },
  );
  return loadingSchema;
}

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
    /** Bumped by each new attempt: an older attempt still waiting for its ticket gives up. */
    let attempt = 0;

    const drop = () => {
      attempt++;
      clearTimeout(timer);
      source?.close();
      source = undefined;
    };

    const retry = () => {
      drop();
      if (stopped) return;
      setStatus('offline');
      // Offline: the browser's `online` event reconnects; trying before that only fails.
      if (navigator.onLine === false) return;
      timer = setTimeout(() => void connect(), RETRY_DELAYS_MS[Math.min(failures++, RETRY_DELAYS_MS.length - 1)]);
    };

    /** Steps waiting behind an event that waits for the schema, in the order their events came. */
    let waiting: Promise<void> | undefined;
    /** The schema could not be loaded: what still waits is dropped, the stream resumes before it. */
    let lost = false;
    const inTurn = (step: () => void | Promise<void>) => {
      if (!waiting) return void step();
      const turn = waiting.then(() => (stopped || lost ? undefined : step()));
      const settled = turn.then(
        () => undefined,
        () => undefined,
      );
      waiting = settled;
      void settled.then(() => {
        if (waiting === settled) waiting = undefined;
      });
    };

    const reload = (event: MessageEvent) => {
      lastEventId = event.lastEventId;
      inTurn(() => void dispatch(reloadOrders(truckId)));
    };

    const apply = (schema: EventSchema, type: 'created' | 'changed', data: string) => {
      const parsed = schema.safeParse(JSON.parse(data));
      if (!parsed.success) return;
      dispatch(applyOrderEvent(truckId, parsed.data));
      handler.current(type, parsed.data);
    };

    const receive = (type: 'created' | 'changed') => (message: MessageEvent<string>) => {
      const resumeFrom = lastEventId;
      lastEventId = message.lastEventId;
      if (eventSchema && !waiting) return apply(eventSchema, type, message.data);
      waiting ??= Promise.resolve();
      inTurn(async () => {
        let schema: EventSchema;
        try {
          schema = await loadEventSchema();
        } catch {
          // Not fetched (the network, a new version deployed meanwhile): resume the stream from
          // before this event, so the server sends it, and what came after it, again.
          lost = true;
          lastEventId = resumeFrom;
          retry();
          return;
        }
        if (!stopped) apply(schema, type, message.data);
      });
    };

    async function connect() {
      drop();
      lost = false;
      const mine = attempt;
      setStatus('connecting');
      try {
        const { ticket } = await dispatch(ordersApi.endpoints.streamTicket.initiate(truckId)).unwrap();
        if (stopped || mine !== attempt) return;
        const query = new URLSearchParams({ ticket, ...(lastEventId ? { lastEventId } : {}) });
        const opened = new EventSource(`/api/v1/trucks/${truckId}/events?${query}`);
        source = opened;
        opened.onopen = () => {
          failures = 0;
          setStatus('live');
        };
        // The browser would retry with the spent ticket: reconnect with a new one instead.
        opened.onerror = () => {
          if (source === opened) retry();
        };
        opened.addEventListener(STREAM_EVENTS.ready, reload);
        opened.addEventListener(STREAM_EVENTS.resync, reload);
        opened.addEventListener(ORDER_EVENTS.created, receive('created'));
        opened.addEventListener(ORDER_EVENTS.changed, receive('changed'));
      } catch {
        if (mine === attempt) retry();
      }
    }

    const wentOffline = () => retry();
    const cameBack = () => {
      failures = 0;
      if (!stopped) void connect();
    };
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', cameBack);
    if (navigator.onLine === false) retry();
    else void connect();
    return () => {
      stopped = true;
      drop();
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', cameBack);
    };
  }, [dispatch, truckId]);

  return status;
}
