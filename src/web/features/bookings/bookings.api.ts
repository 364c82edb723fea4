/**
 * The bookings endpoints (src/server/features/bookings/bookings.routes.ts), typed by the shared
 * contracts. Bookings change a few times a day, not a few times a minute: a live event refetches
 * what the dashboard shows of that truck (`reloadBookings`) rather than patching it in place.
 */
import type {
  Booking,
  BookingCounts,
  BookingDesk,
  BookingMonth,
  BookingPage,
  CalendarFeed,
  PublicQuote,
} from '@domain/bookings/contracts';
import type { BookingAction, BookingTab } from '@domain/bookings';
import { api } from '../../app/api';

export interface BookingListArgs {
  truckId: string;
  tab: BookingTab;
}
export interface BookingRef {
  truckId: string;
  bookingId: string;
}

const PAGE_SIZE = 30;
const truckTag = (truckId: string) => ({ type: 'Booking' as const, id: `truck:${truckId}` });
const bookingsUrl = (truckId: string) => `/trucks/${truckId}/bookings`;

export const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    bookingDesk: build.query<BookingDesk, string>({
      query: (truckId) => `${bookingsUrl(truckId)}/desk`,
      providesTags: (_result, _error, truckId) => ['Truck', truckTag(truckId)],
    }),
    listBookings: build.infiniteQuery<BookingPage, BookingListArgs, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.nextCursor },
      query: ({ queryArg: { truckId, tab }, pageParam }) => ({
        url: bookingsUrl(truckId),
        params: { tab, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      providesTags: (_result, _error, { truckId }) => [truckTag(truckId)],
    }),
    bookingCounts: build.query<BookingCounts, string>({
      query: (truckId) => `${bookingsUrl(truckId)}/counts`,
      providesTags: (_result, _error, truckId) => [truckTag(truckId)],
    }),
    booking: build.query<Booking, BookingRef>({
      query: ({ truckId, bookingId }) => `${bookingsUrl(truckId)}/${bookingId}`,
      providesTags: (_result, _error, { truckId }) => [truckTag(truckId)],
    }),
    bookingByNumber: build.query<Booking, { truckId: string; number: string }>({
      query: ({ truckId, number }) => `${bookingsUrl(truckId)}/by-number/${number}`,
      providesTags: (_result, _error, { truckId }) => [truckTag(truckId)],
    }),
    bookingMonth: build.query<BookingMonth, { truckId: string; month: string }>({
      query: ({ truckId, month }) => ({ url: `${bookingsUrl(truckId)}/calendar`, params: { month } }),
      providesTags: (_result, _error, { truckId }) => [truckTag(truckId)],
    }),
    actOnBooking: build.mutation<Booking, BookingRef & { action: BookingAction }>({
      query: ({ truckId, bookingId, action }) => ({ url: `${bookingsUrl(truckId)}/${bookingId}/actions`, method: 'POST', body: action }),
      invalidatesTags: (_result, _error, { truckId }) => [truckTag(truckId)],
    }),
    setAvailableToArrive: build.mutation<BookingDesk, { truckId: string; availableToArrive: boolean }>({
      query: ({ truckId, availableToArrive }) => ({ url: `${bookingsUrl(truckId)}/availability`, method: 'PUT', body: { availableToArrive } }),
      invalidatesTags: ['Truck'],
    }),
    calendarFeed: build.query<CalendarFeed, string>({ query: (truckId) => `${bookingsUrl(truckId)}/calendar-feed` }),
    rotateCalendarFeed: build.mutation<CalendarFeed, string>({
      query: (truckId) => ({ url: `${bookingsUrl(truckId)}/calendar-feed/rotate`, method: 'POST' }),
      async onQueryStarted(truckId, { dispatch, queryFulfilled }) {
        // A refusal is the caller's to show (the mutation's result): unawaited here, it would be an uncaught rejection in the page.
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(bookingsApi.util.upsertQueryData('calendarFeed', truckId, answer.data));
      },
    }),
    publicQuote: build.query<PublicQuote, string>({ query: (token) => `/public/booking-quotes/${encodeURIComponent(token)}` }),
    acceptQuote: build.mutation<PublicQuote, string>({
      query: (token) => ({ url: `/public/booking-quotes/${encodeURIComponent(token)}/accept`, method: 'POST' }),
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        // A refusal (booking_time_taken, an expired link) is the page's to show: left to reject here, it
        // was an uncaught error in the customer's page (issue #49).
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(bookingsApi.util.upsertQueryData('publicQuote', token, answer.data));
      },
    }),
  }),
});

export const {
  useBookingDeskQuery,
  useListBookingsInfiniteQuery,
  useBookingCountsQuery,
  useBookingQuery,
  useBookingByNumberQuery,
  useBookingMonthQuery,
  useActOnBookingMutation,
  useSetAvailableToArriveMutation,
  useCalendarFeedQuery,
  useRotateCalendarFeedMutation,
  usePublicQuoteQuery,
  useAcceptQuoteMutation,
} = bookingsApi;

export const reloadBookings = (truckId: string) => api.util.invalidateTags([truckTag(truckId)]);
