/**
 * The seed's `booking` slice: the order slice's fields for the booking dashboard, plus the truck's
 * `availableToArrive` switch (accepting event bookings).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface BookingState {
  bookings: unknown[];
  selectedOrder: unknown | null;
  count: Record<string, number>;
  activeStatus: string;
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
    setBookings: (state, action: PayloadAction<unknown[]>) => {
      state.bookings = action.payload;
    },
    setSelectedBooking: (state, action: PayloadAction<unknown | null>) => {
      state.selectedOrder = action.payload;
    },
    setBookingCount: (state, action: PayloadAction<Record<string, number>>) => {
      state.count = action.payload;
    },
    setBookingActiveStatus: (state, action: PayloadAction<string>) => {
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
