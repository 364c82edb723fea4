/**
 * The bookings API's contracts (docs/product.md §2.7, §4): what a customer sends to ask for a
 * truck at an event, what the dashboard reads back (summaries in lists and live events, the whole
 * booking with its history in the panel), the list's query and counts, the month calendar, the
 * customer's quote page and the calendar feed. The status flow itself is ./flow.ts and ./index.ts.
 */
import { z } from 'zod';
import { EmailSchema, LanguageSchema, PhoneSchema } from '../accounts';
import { BOOKING_ACTIONS, BOOKING_STATUSES, BOOKING_TAB_NAMES, type BookingTab } from './flow';
import { WallTimeSchema } from '../hours/schedule.schema';
import { CurrencySchema } from '../money';
import { countFromText } from '../digits';

export const SERVICE_MODELS = ['catering', 'vending'] as const;
export type ServiceModel = (typeof SERVICE_MODELS)[number];

export const BOOKING_LIMITS = {
  customerNameLength: 80,
  eventTypeLength: 80,
  addressLength: 300,
  menuNotesLength: 2000,
  maxGuests: 100_000,
  maxSetupMinutes: 480,
  /** How far ahead an event may be asked for. */
  maxDaysAhead: 366,
} as const;

const UuidSchema = z.uuid();
const TimestampSchema = z.iso.datetime({ offset: true });
const MinorSchema = z.int().nonnegative();

// ---- Asking for a booking -----------------------------------------------------------------------

export const BookingCustomerSchema = z.strictObject({
  name: z.string().trim().min(1).max(BOOKING_LIMITS.customerNameLength),
  phone: PhoneSchema,
  email: EmailSchema,
});

export const BookingLocationSchema = z.strictObject({
  address: z.string().trim().min(1).max(BOOKING_LIMITS.addressLength),
  lat: z.number().min(-90).max(90).nullable().default(null),
  lng: z.number().min(-180).max(180).nullable().default(null),
});

/**
 * A customer's request. Times are wall-clock times in the truck's time zone; an end not after the
 * start is on the next day (an evening running past midnight), an end equal to the start is no
 * window at all. The budget is in minor units of the truck's currency.
 */
export const CreateBookingSchema = z
  .strictObject({
    customer: BookingCustomerSchema,
    eventType: z.string().trim().min(1).max(BOOKING_LIMITS.eventTypeLength),
    serviceModel: z.enum(SERVICE_MODELS),
    eventDate: z.iso.date(),
    startTime: WallTimeSchema,
    endTime: WallTimeSchema,
    setupMinutes: z.preprocess(countFromText, z.int().min(0).max(BOOKING_LIMITS.maxSetupMinutes)).default(60),
    location: BookingLocationSchema,
    guestCount: z.preprocess(countFromText, z.int().positive().max(BOOKING_LIMITS.maxGuests)),
    menuNotes: z.string().trim().max(BOOKING_LIMITS.menuNotesLength).default(''),
    budgetMinor: MinorSchema.nullable().default(null),
    /** The language of the customer's mails; the request's Accept-Language when absent. */
    language: LanguageSchema.optional(),
  })
  .refine((booking) => booking.startTime !== booking.endTime, { path: ['endTime'], params: { code: 'window_empty' } });
export type CreateBooking = z.infer<typeof CreateBookingSchema>;
export type CreateBookingInput = z.input<typeof CreateBookingSchema>;

/** Why intake turned a request down; the answer's code is the most pressing, truck first. */
export const BOOKING_INTAKE_CODES = ['truck_not_booking', 'bookings_unavailable', 'event_date_past', 'event_date_too_far'] as const;
export type BookingIntakeCode = (typeof BOOKING_INTAKE_CODES)[number];

/** What the customer gets back: their request's number and status. */
export const BookingReceiptSchema = z.object({
  id: UuidSchema,
  number: z.int(),
  status: z.enum(BOOKING_STATUSES),
  eventDate: z.iso.date(),
  startTime: z.string(),
  endTime: z.string(),
});
export type BookingReceipt = z.infer<typeof BookingReceiptSchema>;

// ---- Reading bookings ---------------------------------------------------------------------------

export const BOOKING_HISTORY_ACTIONS = ['request', ...BOOKING_ACTIONS] as const;

/** One change: who, when, why. `actor` null: the customer (request, accepting the quote) or the expiry job. */
export const BookingHistoryEntrySchema = z.object({
  version: z.int(),
  status: z.enum(BOOKING_STATUSES),
  action: z.enum(BOOKING_HISTORY_ACTIONS),
  reason: z.string().nullable(),
  at: TimestampSchema,
  actor: z.object({ id: UuidSchema.nullable(), name: z.string() }).nullable(),
});
export type BookingHistoryEntry = z.infer<typeof BookingHistoryEntrySchema>;

export const BookingQuoteViewSchema = z.object({
  amountMinor: MinorSchema,
  depositMinor: MinorSchema,
  message: z.string(),
  validUntil: TimestampSchema,
});

/** What lists, the calendar and live events carry: everything but the history. */
export const BookingSummarySchema = z.object({
  id: UuidSchema,
  truckId: UuidSchema,
  /** Per truck, from 1: the n of /jobs/{n}. */
  number: z.int(),
  status: z.enum(BOOKING_STATUSES),
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  eventType: z.string(),
  serviceModel: z.enum(SERVICE_MODELS),
  eventDate: z.iso.date(),
  startTime: z.string(),
  endTime: z.string(),
  setupMinutes: z.int(),
  timeZone: z.string(),
  /** The instants the truck is busy: setup start to event end. */
  windowStart: TimestampSchema,
  windowEnd: TimestampSchema,
  location: z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }),
  guestCount: z.int(),
  menuNotes: z.string(),
  budgetMinor: MinorSchema.nullable(),
  currency: CurrencySchema,
  quote: BookingQuoteViewSchema.nullable(),
  depositReceived: z.boolean(),
  /** A pending request or a quote expires at this instant; null once answered for good. */
  expiresAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  version: z.int(),
});
export type BookingSummary = z.infer<typeof BookingSummarySchema>;

/** Another booking, named in a clash. */
export const BookingRefSchema = z.object({ id: UuidSchema, number: z.int(), windowStart: TimestampSchema, windowEnd: TimestampSchema });
export type BookingRef = z.infer<typeof BookingRefSchema>;

export const BookingSchema = BookingSummarySchema.extend({
  history: z.array(BookingHistoryEntrySchema),
  /** For a pending or quoted booking: the confirmed one its window overlaps (confirming it would be refused). */
  clash: BookingRefSchema.nullable(),
});
export type Booking = z.infer<typeof BookingSchema>;

const TabSchema = z.enum(BOOKING_TAB_NAMES as [BookingTab, ...BookingTab[]]);

export const BOOKING_PAGE_MAX = 100;

export const BookingListQuerySchema = z.strictObject({
  tab: TabSchema.default('pending'),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BOOKING_PAGE_MAX).default(30),
});
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>;
export type BookingListParams = z.input<typeof BookingListQuerySchema>;

export const BookingPageSchema = z.object({ bookings: z.array(BookingSummarySchema), nextCursor: z.string().nullable() });
export type BookingPage = z.infer<typeof BookingPageSchema>;

export const BookingCountsSchema = z.record(TabSchema, z.int());
export type BookingCounts = Record<BookingTab, number>;

/** A month of the truck's calendar, 'YYYY-MM'. */
export const BookingMonthQuerySchema = z.strictObject({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) });
export const BookingMonthSchema = z.object({ month: z.string(), bookings: z.array(BookingSummarySchema) });
export type BookingMonth = z.infer<typeof BookingMonthSchema>;

/** What the booking dashboard needs of its truck (staff included, who cannot read the truck's file). */
export const BookingDeskSchema = z.object({
  truckId: UuidSchema,
  nameEn: z.string(),
  nameAr: z.string(),
  currency: CurrencySchema,
  timeZone: z.string(),
  availableToArrive: z.boolean(),
  /** Whether the caller may flip the switch and see the calendar feed's address (the owner). */
  canChangeSettings: z.boolean(),
});
export type BookingDesk = z.infer<typeof BookingDeskSchema>;

export const BookingAvailabilitySchema = z.strictObject({ availableToArrive: z.boolean() });

/** The private calendar feed: an address only the vendor knows, rotated when it leaked. */
export const CalendarFeedSchema = z.object({ url: z.url() });
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

// ---- The customer's quote page ------------------------------------------------------------------

/** What the customer sees through the quote link: their request, the quote, the truck's names. */
export const PublicQuoteSchema = z.object({
  /** The truck as its public page shows it: names, logo, phone, and the page's address (/t/{slug}; null before approval). */
  truck: z.object({ nameEn: z.string(), nameAr: z.string(), logoUrl: z.string().nullable(), phone: z.string().nullable(), slug: z.string().nullable() }),
  number: z.int(),
  status: z.enum(BOOKING_STATUSES),
  eventType: z.string(),
  eventDate: z.iso.date(),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  guestCount: z.int(),
  address: z.string(),
  currency: CurrencySchema,
  quote: BookingQuoteViewSchema,
  /** True while the link may still accept the quote. */
  acceptable: z.boolean(),
  /** The truck was booked over this time since the quote (a confirmed booking overlaps it): it cannot be accepted. Nothing of that booking is told. */
  timeTaken: z.boolean(),
  /** The language the customer's mails are in: the page opens in it. */
  language: LanguageSchema,
});
export type PublicQuote = z.infer<typeof PublicQuoteSchema>;

// ---- Live events --------------------------------------------------------------------------------


export const BookingEventSchema = z.object({
  booking: BookingSummarySchema,
  /** null for a new request (the dashboard moves counts between tabs with it). */
  previousStatus: z.enum(BOOKING_STATUSES).nullable(),
  history: BookingHistoryEntrySchema.optional(),
});
export type BookingEvent = z.infer<typeof BookingEventSchema>;
