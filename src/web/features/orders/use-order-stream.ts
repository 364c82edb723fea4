/**
 * The order events of the truck's live stream (app/truck-stream.ts, shared by the tab): patches the
 * cache with each one and hands it to `onEvent`; a `ready` or `resync` (a fresh start, or events no
 * longer kept) reloads the orders instead. Events replayed after a drop ring like any other.
 *
 * Events are checked against their contract, whose zod schemas the shell does not load at start-up
 * (decision 015): the first order event loads them, and what arrives meanwhile waits its turn.
 */
import type { OrderEvent, OrderEventSchema } from '@domain/orders/contracts';
import { ORDER_EVENTS } from '@domain/orders/dashboard';
import { useEffect, useRef } from 'react';
import { useTruckStream, type StreamHandle } from '../../app/truck-stream';
import type { StreamStatus } from './order-alerts.state';
import { applyOrderEvent, reloadOrders, useOrdersDispatch } from './orders.api';

export type { StreamStatus };

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
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  return useTruckStream(truckId, () => {
    /** Unsubscribed (signed out, another truck): steps still waiting for the schema are dropped. */
    let stopped = false;
    /** The last event this listener had: where the stream resumes when an event could not be handled. */
    let seen: string | undefined;
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

    const apply = (schema: EventSchema, type: 'created' | 'changed', data: string) => {
      const parsed = schema.safeParse(JSON.parse(data));
      if (!parsed.success) return;
      dispatch(applyOrderEvent(truckId, parsed.data));
      handler.current(type, parsed.data);
    };

    return {
      stop: () => {
        stopped = true;
      },
      // A new connection: what waited behind an event that could not be handled was dropped.
      status: (status) => {
        if (status === 'connecting') lost = false;
      },
      reload: (message) => {
        seen = message.lastEventId;
        inTurn(() => void dispatch(reloadOrders(truckId)));
      },
      events: Object.fromEntries(
        (['created', 'changed'] as const).map((type) => [
          ORDER_EVENTS[type],
          (message: MessageEvent<string>, stream: StreamHandle) => {
            const resumeFrom = seen;
            seen = message.lastEventId;
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
                seen = resumeFrom;
                stream.resumeAfter(resumeFrom);
                return;
              }
              if (!stopped) apply(schema, type, message.data);
            });
          },
        ]),
      ),
    };
  });
}
