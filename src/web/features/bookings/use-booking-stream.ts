/**
 * The booking events of the truck's live stream (app/truck-stream.ts, shared by the tab): refetches
 * the truck's bookings on each one, and on `ready`/`resync`, when events may have been missed.
 */
import { BOOKING_EVENTS } from '@domain/bookings/flow';
import { useAppDispatch } from '../../app/hooks';
import { useTruckStream, type StreamStatus } from '../../app/truck-stream';
import { reloadBookings } from './bookings.api';

export type { StreamStatus };

export function useBookingStream(truckId: string): StreamStatus {
  const dispatch = useAppDispatch();
  return useTruckStream(truckId, () => {
    const reload = () => void dispatch(reloadBookings(truckId));
    return { reload, events: { [BOOKING_EVENTS.created]: reload, [BOOKING_EVENTS.changed]: reload } };
  });
}
