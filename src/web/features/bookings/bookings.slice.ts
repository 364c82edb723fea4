/**
 * The seed's `booking` slice (docs/product.md §6.3): the order slice's fields for the booking
 * dashboard, plus the truck's `availableToArrive` switch (accepting event bookings). Server data lives
 * in the RTK Query cache (refreshed live by the truck's stream); this holds the dashboard's own state —
 * the tab, the selected booking, the bookings and counts on screen, the loading flags and the switch as
 * last read or set — kept in step with it by the dashboard.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BookingSummary } from '@domain/bookings/contracts';
// Types only: the store ships in the entry chunk, which must not carry zod (the domain module's schemas).
import type { BookingTab } from '@domain/bookings';

export interface BookingState {
  bookings: BookingSummary[];
  /** The seed names it as the order slice does. */
  selectedOrder: BookingSummary | null;
  count: Partial<Record<BookingTab, number>>;
  activeStatus: BookingTab;
  tab_loading: boolean;
  order_loading: boolean;
  availableToArrive: boolean;
}

const initialState: BookingState = {
  bookings: [],
  selectedOrder: null,
  count: {},
  activeStatus: 'pending',
  tab_loading: false,
  order_loading: false,
  availableToArrive: false,
};

export const bookingSlice = createSlice({
  name: 'booking',
  initialState,
  reducers: {
    setBookings: (state, action: PayloadAction<BookingSummary[]>) => {
      state.bookings = action.payload;
    },
    setSelectedBooking: (state, action: PayloadAction<BookingSummary | null>) => {
      state.selectedOrder = action.payload;
    },
    setBookingCount: (state, action: PayloadAction<Partial<Record<BookingTab, number>>>) => {
      state.count = action.payload;
    },
    setBookingActiveStatus: (state, action: PayloadAction<BookingTab>) => {
      state.activeStatus = action.payload;
      state.selectedOrder = null;
    },
    setBookingTabLoading: (state, action: PayloadAction<boolean>) => {
      state.tab_loading = action.payload;
    },
    setBookingLoading: (state, action: PayloadAction<boolean>) => {
      state.order_loading = action.payload;
    },
    setAvailableToArrive: (state, action: PayloadAction<boolean>) => {
      state.availableToArrive = action.payload;
    },
  },
});

export const {
  setBookings,
  setSelectedBooking,
  setBookingCount,
  setBookingActiveStatus,
  setBookingTabLoading,
  setBookingLoading,
  setAvailableToArrive,
} = bookingSlice.actions;
