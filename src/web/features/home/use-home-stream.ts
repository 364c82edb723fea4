/**
 * Keeps /home live: listens to the truck's event stream (app/truck-stream.ts, shared by the tab) and
 * refetches the summary when an order is placed or changes, at most once a second however many
 * arrive. A fresh connection (`ready`, `resync`) refetches too, as changes may have been missed.
 */
import type { ORDER_EVENTS } from '@domain/orders/contracts';
import { useEffect, useRef } from 'react';
import { useTruckStream } from '../../app/truck-stream';

/** The events that change the figures; named here (checked against the contracts) so the screen does not load zod. */
const ORDER_EVENT_NAMES = ['order.created', 'order.changed'] as const satisfies readonly (typeof ORDER_EVENTS)[keyof typeof ORDER_EVENTS][];
const REFRESH_GAP_MS = 1_000;

export function useHomeStream(truckId: string, refresh: () => void, enabled: boolean): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  useTruckStream(
    truckId,
    () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const soon = () => {
        timer ??= setTimeout(() => {
          timer = undefined;
          latest.current();
        }, REFRESH_GAP_MS);
      };
      return { reload: soon, events: Object.fromEntries(ORDER_EVENT_NAMES.map((name) => [name, soon])), stop: () => clearTimeout(timer) };
    },
    enabled,
  );
}
