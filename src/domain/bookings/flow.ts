/**
 * The booking flow of docs/product.md §2.7 without its schemas or dates (index.ts adds the quote's
 * contract, the transition and the clash rules): statuses, actions, which action moves which status
 * where, what a person may do, the dashboard's tabs and the live events' names, so the booking screens
 * read them without zod or Temporal.
 */

export const BOOKING_STATUSES = ['pending', 'quoted', 'confirmed', 'completed', 'declined', 'expired', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_ACTIONS = ['quote', 'decline', 'confirm', 'complete', 'cancel', 'expire'] as const;
export type BookingActionName = (typeof BOOKING_ACTIONS)[number];

/** What a person (vendor, staff, or the customer through the quote link) can do. */
export type ManualBookingActionName = Exclude<BookingActionName, 'expire'>;
export const MANUAL_BOOKING_ACTIONS: readonly ManualBookingActionName[] = BOOKING_ACTIONS.filter(
  (action): action is ManualBookingActionName => action !== 'expire',
);

/** `windowStart`: when the truck's setup for the event begins; before it, the event cannot be completed. */
export type BookingState = { status: BookingStatus; quote?: { validUntil: string }; windowStart?: string };

export const BOOKING_FLOW: Record<BookingStatus, Partial<Record<BookingActionName, BookingStatus>>> = {
  pending: { quote: 'quoted', decline: 'declined', expire: 'expired' },
  quoted: { confirm: 'confirmed', cancel: 'cancelled', expire: 'expired' },
  confirmed: { complete: 'completed', cancel: 'cancelled' },
  completed: {},
  declined: {},
  expired: {},
  cancelled: {},
};

/** A booking without a quote on record has nothing to confirm, like one whose quote ran out. */
export function hasValidQuote(booking: BookingState, now: Date): boolean {
  const validUntil = booking.quote?.validUntil;
  return validUntil !== undefined && Date.parse(validUntil) > now.getTime();
}

/** An event weeks ahead has not happened yet, so it cannot be marked completed. */
export function hasStarted(booking: BookingState, now: Date): boolean {
  return booking.windowStart === undefined || Date.parse(booking.windowStart) <= now.getTime();
}

/** The buttons the booking panel offers (and the customer's accept link, for confirm). */
export function allowedBookingActions(booking: BookingState, now: Date): ManualBookingActionName[] {
  return MANUAL_BOOKING_ACTIONS.filter(
    (action) =>
      BOOKING_FLOW[booking.status][action] !== undefined && (action !== 'confirm' || hasValidQuote(booking, now)) && (action !== 'complete' || hasStarted(booking, now)),
  );
}

/** Dashboard tabs in display order; pending is the default. */
export const BOOKING_TABS = {
  pending: ['pending'],
  quoted: ['quoted'],
  confirmed: ['confirmed'],
  completed: ['completed'],
  closed: ['declined', 'expired', 'cancelled'],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type BookingTab = keyof typeof BOOKING_TABS;

export const BOOKING_TAB_NAMES = Object.keys(BOOKING_TABS) as BookingTab[];

export const BOOKING_EVENTS = { created: 'booking.created', changed: 'booking.changed' } as const;
