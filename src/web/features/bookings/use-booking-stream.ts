/**
 * Follows the truck's live event stream for bookings: opens it with a fresh single-use ticket,
 * refetches the truck's bookings on each booking event (and on `ready`/`resync`, when events may
 * have been missed), and reconnects after a drop, resuming after the last event it had.
 */
import { BOOKING_EVENTS } from '@domain/bookings/contracts';
import { STREAM_EVENTS } from '@domain/truck-events/stream-events';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { bookingsApi, reloadBookings } from './bookings.api';

export type StreamStatus = 'connecting' | 'live' | 'offline';

const RETRY_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

export function useBookingStream(truckId: string): StreamStatus {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<StreamStatus>('connecting');

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
      dispatch(reloadBookings(truckId));
    };
    // Order events pass by on the same stream: only their id matters here, for resuming.
    const skip = (event: MessageEvent) => {
      lastEventId = event.lastEventId;
    };

    async function connect() {
      setStatus('connecting');
      try {
        const { ticket } = await dispatch(bookingsApi.endpoints.bookingStreamTicket.initiate(truckId)).unwrap();
        if (stopped) return;
        const query = new URLSearchParams({ ticket, ...(lastEventId ? { lastEventId } : {}) });
        source = new EventSource(`/api/v1/trucks/${truckId}/events?${query}`);
        source.onopen = () => {
          failures = 0;
          setStatus('live');
        };
        source.onerror = retry;
        source.addEventListener(STREAM_EVENTS.ready, reload);
        source.addEventListener(STREAM_EVENTS.resync, reload);
        source.addEventListener(BOOKING_EVENTS.created, reload);
        source.addEventListener(BOOKING_EVENTS.changed, reload);
        source.addEventListener('order.created', skip);
        source.addEventListener('order.changed', skip);
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
