/**
 * The catering/event booking flow of docs/product.md §2.7, as pure rules: the quote contract, the
 * transition, and when two bookings would need the truck at once (the statuses, actions and dashboard
 * tabs are ./flow.ts, which the booking screens read without zod or Temporal).
 *
 * Readings of the diagram where it could be read two ways:
 * - a quote is given from pending only (no revising arrow is drawn): a new price means cancelling
 *   the quoted booking (with a reason) and a new request;
 * - decline is drawn from pending only; a quoted or confirmed booking is cancelled instead;
 * - confirm needs a quote that is still valid (`quote_expired` otherwise), whether the customer
 *   accepts it or the vendor records the deposit;
 * - expire is the job's action, never a person's: the job decides when 7 days (pending) or the
 *   quote's valid-until (quoted) have passed, the person-facing schema and allowed actions leave it out.
 */
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import {
  ReasonSchema,
  VersionSchema,
  parseCommand,
  type HistoryEntry,
  type IllegalTransition,
  type InvalidCommand,
} from '../status-flow';
import { BOOKING_FLOW, hasStarted, hasValidQuote, type BookingActionName, type BookingState, type BookingStatus } from './flow';

export * from './flow';

/** A request nobody answered expires after this many days. */
export const PENDING_BOOKING_EXPIRY_DAYS = 7;
export const QUOTE_MESSAGE_MAX_LENGTH = 2000;

/** Amounts in minor units of the truck's currency (see money.ts): the client never picks the currency. */
export const QuoteSchema = z
  .strictObject({
    amountMinor: z.int().positive(),
    depositMinor: z.int().nonnegative(),
    message: z.string().trim().max(QUOTE_MESSAGE_MAX_LENGTH).default(''),
    validUntil: z.iso.datetime({ offset: true }),
  })
  .refine((quote) => quote.depositMinor <= quote.amountMinor, {
    path: ['depositMinor'],
    params: { code: 'deposit_exceeds_amount' },
  });
export type Quote = z.infer<typeof QuoteSchema>;

/**
 * QuoteSchema plus "valid until is in the future". The clock is a parameter so the rule stays
 * pure: routes use QuoteSchema (a static contract), transitionBooking and forms add the time.
 */
export function quoteSchemaAt(now: Date) {
  return QuoteSchema.refine((quote) => Date.parse(quote.validUntil) > now.getTime(), {
    path: ['validUntil'],
    params: { code: 'valid_until_past' },
  });
}

/** The body of "do this to booking N": `version` is the one the person saw, for optimistic concurrency. */
export const BookingActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('quote'), quote: QuoteSchema, version: VersionSchema }),
  z.strictObject({ action: z.literal('decline'), reason: ReasonSchema, version: VersionSchema }),
  /** The vendor confirms when the host accepted by phone or paid the deposit (`depositReceived`). */
  z.strictObject({ action: z.literal('confirm'), depositReceived: z.boolean().default(false), version: VersionSchema }),
  z.strictObject({ action: z.literal('complete'), version: VersionSchema }),
  z.strictObject({ action: z.literal('cancel'), reason: ReasonSchema, version: VersionSchema }),
]);
export type BookingAction = z.infer<typeof BookingActionSchema>;

function bookingCommandSchemaAt(now: Date) {
  return z.discriminatedUnion('action', [
    z.object({ action: z.literal('quote'), quote: quoteSchemaAt(now) }),
    z.object({ action: z.literal('decline'), reason: ReasonSchema }),
    z.object({ action: z.literal('confirm'), depositReceived: z.boolean().optional() }),
    z.object({ action: z.literal('complete') }),
    z.object({ action: z.literal('cancel'), reason: ReasonSchema }),
    z.object({ action: z.literal('expire') }),
  ]);
}
/** Every action `transitionBooking` takes, whoever sends it; a parsed BookingAction is one. */
export type BookingCommand = z.input<ReturnType<typeof bookingCommandSchemaAt>>;


export type QuoteExpired = { ok: false; code: 'quote_expired'; validUntil: string | null };
export type EventNotStarted = { ok: false; code: 'event_not_started'; windowStart: string };

export type BookingTransition =
  | {
      ok: true;
      status: BookingStatus;
      /** The parsed quote (trimmed message, defaults applied), for the quote action only. */
      quote?: Quote;
      historyEntry: HistoryEntry<BookingStatus, BookingActionName>;
    }
  | IllegalTransition<BookingStatus, BookingActionName>
  | QuoteExpired
  | EventNotStarted
  | InvalidCommand;

/**
 * The status an action leads to, or why it may not happen: the status first (409), then the
 * payload, then the quote's validity. A clash with another confirmed booking is `findClash`'s
 * question, asked by the caller, which holds the other bookings.
 */
export function transitionBooking(booking: BookingState, command: BookingCommand, now: Date): BookingTransition {
  const to = BOOKING_FLOW[booking.status][command.action];
  if (to === undefined) return { ok: false, code: 'illegal_transition', from: booking.status, action: command.action };
  const parsed = parseCommand(bookingCommandSchemaAt(now), command);
  if (!parsed.ok) return parsed;

  const step = parsed.data;
  if (step.action === 'confirm' && !hasValidQuote(booking, now)) {
    return { ok: false, code: 'quote_expired', validUntil: booking.quote?.validUntil ?? null };
  }
  if (step.action === 'complete' && !hasStarted(booking, now)) return { ok: false, code: 'event_not_started', windowStart: booking.windowStart! };
  const reason = step.action === 'decline' || step.action === 'cancel' ? step.reason : undefined;
  return {
    ok: true,
    status: to,
    ...(step.action === 'quote' ? { quote: step.quote } : {}),
    historyEntry: { status: to, action: step.action, ...(reason === undefined ? {} : { reason }) },
  };
}


/** When and where-in-time a booking needs the truck: wall-clock fields in the truck's IANA zone. */
export type BookingSlot = {
  id: string;
  eventDate: string;
  startTime: string;
  endTime: string;
  setupMinutes: number;
  timeZone: string;
};

/** Half-open: the truck is busy from `start` (setup begins) until just before `end`. */
export type BookingWindow = { start: Date; end: Date };

/**
 * The event's start less the setup time, to its end. An end not after the start is on the next
 * day (an evening event running past midnight), as with operating-hours shifts. Wall times missing
 * or repeated on daylight-saving nights resolve the way calendars do (Temporal's 'compatible':
 * a skipped 02:30 becomes 03:30, a repeated one is the first); setup is real minutes before.
 */
export function bookingWindow(booking: BookingSlot): BookingWindow {
  const date = Temporal.PlainDate.from(booking.eventDate);
  const startTime = Temporal.PlainTime.from(booking.startTime);
  const endTime = Temporal.PlainTime.from(booking.endTime);
  const endDate = Temporal.PlainTime.compare(endTime, startTime) > 0 ? date : date.add({ days: 1 });
  const eventStart = date.toPlainDateTime(startTime).toZonedDateTime(booking.timeZone).toInstant();
  const end = endDate.toPlainDateTime(endTime).toZonedDateTime(booking.timeZone).toInstant();
  const start = eventStart.subtract({ minutes: booking.setupMinutes });
  return { start: new Date(start.epochMilliseconds), end: new Date(end.epochMilliseconds) };
}

/**
 * Do two windows need the truck at the same instant? Half-open, so back to back is not an overlap:
 * one event may end exactly when the next one's setup begins. Symmetric in its arguments.
 */
export function windowsOverlap(a: BookingWindow, b: BookingWindow): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/**
 * The confirmed booking whose window overlaps this one's (the earliest if several), or null.
 * The booking itself, if it is among them, is skipped.
 */
export function findClash<Other extends BookingSlot>(booking: BookingSlot, confirmedBookings: readonly Other[]): Other | null {
  const own = bookingWindow(booking);
  let clash: { other: Other; start: number } | null = null;
  for (const other of confirmedBookings) {
    if (other.id === booking.id) continue;
    const window = bookingWindow(other);
    if (windowsOverlap(own, window) && (clash === null || window.start.getTime() < clash.start)) clash = { other, start: window.start.getTime() };
  }
  return clash?.other ?? null;
}

/**
 * Whether an event date may be asked for on `today` (both the truck's local calendar dates): not
 * before today, and at most a year ahead (a request for next year's same day is still taken).
 */
export function eventDateProblem(eventDate: string, today: string): 'event_date_past' | 'event_date_too_far' | null {
  const date = Temporal.PlainDate.from(eventDate);
  const from = Temporal.PlainDate.from(today);
  if (Temporal.PlainDate.compare(date, from) < 0) return 'event_date_past';
  if (Temporal.PlainDate.compare(date, from.add({ years: 1 })) > 0) return 'event_date_too_far';
  return null;
}
