import type { BookingSummary } from '@domain/bookings/contracts';
import { describe, expect, it } from 'vitest';
import {
  bookingSlice,
  setAvailableToArrive,
  setBookingActiveStatus,
  setBookingCount,
  setBookingLoading,
  setBookings,
  setBookingTabLoading,
  setSelectedBooking,
} from './bookings.slice';

const reduce = bookingSlice.reducer;

describe('booking slice', () => {
  it("starts like the order slice, plus availableToArrive off", () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      bookings: [],
      selectedOrder: null,
      count: {},
      activeStatus: 'pending',
      tab_loading: false,
      order_loading: false,
      availableToArrive: false,
    });
  });

  it('holds the list, selection, counts, loading flags and the availability switch', () => {
    const booking = { id: 'b1' } as BookingSummary;
    let state = reduce(undefined, setBookings([booking]));
    state = reduce(state, setSelectedBooking(booking));
    state = reduce(state, setBookingCount({ pending: 1 }));
    state = reduce(state, setBookingTabLoading(true));
    state = reduce(state, setBookingLoading(true));
    state = reduce(state, setAvailableToArrive(true));
    expect(state).toMatchObject({ bookings: [booking], selectedOrder: booking, count: { pending: 1 }, tab_loading: true, order_loading: true, availableToArrive: true });
  });

  it('switching tab clears the selection', () => {
    const state = reduce(reduce(undefined, setSelectedBooking({ id: 'b1' } as BookingSummary)), setBookingActiveStatus('quoted'));
    expect(state).toMatchObject({ activeStatus: 'quoted', selectedOrder: null });
  });
});
