/**
 * Bookings over HTTP: the public request customers send (by the truck's slug), the customer's quote
 * link, the private calendar feed, and the truck's dashboard (owner and staff): lists, counts, one
 * booking by id or number, actions, the month calendar; the availableToArrive switch and the feed's
 * address are the owner's. The work is in bookings.service.ts.
 */
import {
  BookingAvailabilitySchema,
  BookingCountsSchema,
  BookingDeskSchema,
  BookingListQuerySchema,
  BookingMonthQuerySchema,
  BookingMonthSchema,
  BookingPageSchema,
  BookingReceiptSchema,
  BookingSchema,
  CalendarFeedSchema,
  CreateBookingSchema,
  PublicQuoteSchema,
  type BookingDesk,
} from '@domain/bookings/contracts';
import { mayOnTruck } from '@domain/access';
import { BookingActionSchema } from '@domain/bookings';
import { DomainError } from '@domain/errors';
import type { Currency } from '@domain/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import { actorOf } from '../../platform/history';
import { languageFromHeader } from '../../platform/i18n';
import { IdempotencyHeadersSchema, idempotencyClaimOf } from '../../platform/idempotency';
import { intakeRateLimit } from '../../platform/rate-limits';
import { can, isUuid, truckAccessOf, truckBySlug, truckGuard, type TruckAccess } from '../../platform/truck-access';
import { TruckParams, truckRouteOptions } from '../../platform/truck-routes';
import { createBookingFeed } from './bookings.feed';
import { bookingNotFound, createBookingsService, EXPIRY_BATCH } from './bookings.service';

const tags = ['bookings'];
const truckRoute = truckRouteOptions(tags);
const BookingParams = TruckParams.extend({ bookingId: z.string() });
const NumberParams = TruckParams.extend({ number: z.string() });
const manage = truckGuard(can('bookings.manage'));
/** The truck's booking settings: the availableToArrive switch and the calendar feed's address. */
const settings = truckGuard(can('bookings.availability'));
const QuoteParams = z.object({ token: z.string().max(400) });

const deskOf = ({ truck, relation }: TruckAccess): BookingDesk => ({
  truckId: truck.id,
  nameEn: truck.nameEn,
  nameAr: truck.nameAr,
  currency: truck.currency as Currency,
  timeZone: truck.timeZone,
  availableToArrive: truck.availableToArrive,
  canChangeSettings: relation !== 'admin' && mayOnTruck(relation, 'bookings.availability'),
});

export async function bookingsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createBookingsService(instance);
  const feed = createBookingFeed(instance);
  const { db } = instance.database;
  const publicLimit = intakeRateLimit(instance, 'bookings');

  app.post(
    '/public/trucks/:slug/bookings',
    {
      schema: {
        tags,
        summary:
          "Ask a truck for a catering or event booking (customers). Times are wall-clock times in the truck's time zone; an end not after the start is the next day. Refused (422, nothing stored) when the truck may not trade, its availableToArrive switch is off, or the date is past or more than a year ahead. An Idempotency-Key makes a retry return the first booking (200)",
        params: z.object({ slug: z.string().max(100) }),
        headers: IdempotencyHeadersSchema,
        body: CreateBookingSchema,
        response: { 200: BookingReceiptSchema, 201: BookingReceiptSchema },
      },
      preHandler: publicLimit,
    },
    async (request, reply) => {
      const truck = await truckBySlug(db, request.params.slug);
      const claim = idempotencyClaimOf(request, request.body);
      const { booking, replayed } = await service.request(truck, claim, request.body, languageFromHeader(request.headers['accept-language']));
      if (replayed) reply.header('idempotent-replayed', 'true');
      const { id, number, status, eventDate, startTime, endTime } = booking;
      return reply.status(replayed ? 200 : 201).send({ id, number, status, eventDate, startTime, endTime });
    },
  );

  app.get(
    '/public/booking-quotes/:token',
    {
      schema: { tags, summary: "The quote a customer's mailed link shows: 404 quote_link_invalid once past valid-until or after another change", params: QuoteParams, response: { 200: PublicQuoteSchema } },
      preHandler: publicLimit,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.publicQuote(request.params.token);
    },
  );

  app.post(
    '/public/booking-quotes/:token/accept',
    {
      schema: {
        tags,
        summary: 'The customer accepts the quote: the booking is confirmed (409 booking_time_taken, naming no other booking, when the truck was booked meanwhile); the link then stops accepting',
        params: QuoteParams,
        response: { 200: PublicQuoteSchema },
      },
      preHandler: publicLimit,
    },
    async (request) => service.acceptQuote(request.params.token),
  );

  app.get(
    '/public/booking-calendars/:file',
    {
      schema: { tags, summary: "A truck's private calendar feed (text/calendar) of its confirmed bookings; the address is the secret", params: z.object({ file: z.string().max(100) }), produces: ['text/calendar'] },
      preHandler: publicLimit,
    },
    async (request, reply) => {
      const token = /^([\w-]{20,64})\.ics$/.exec(request.params.file)?.[1];
      const body = token ? await feed.calendar(token) : null;
      if (body === null) throw new DomainError('not_found', 404);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(body);
    },
  );

  app.get(
    '/trucks/:truckId/bookings',
    truckRoute(manage, {
      summary: "A dashboard tab's bookings, a page at a time (keyset: pass nextCursor back); pending and quoted oldest first, the others newest first",
      querystring: BookingListQuerySchema,
      response: { 200: BookingPageSchema },
    }),
    async (request) => service.list(truckAccessOf(request).truck.id, request.query),
  );

  app.get(
    '/trucks/:truckId/bookings/counts',
    truckRoute(manage, { summary: 'How many bookings each dashboard tab holds: pending, quoted, confirmed, completed, closed', response: { 200: BookingCountsSchema } }),
    async (request) => service.counts(truckAccessOf(request).truck.id),
  );

  app.get(
    '/trucks/:truckId/bookings/desk',
    truckRoute(manage, { summary: 'What the booking dashboard needs of its truck: names, currency, time zone, the availableToArrive switch', response: { 200: BookingDeskSchema } }),
    async (request) => deskOf(truckAccessOf(request)),
  );

  app.put(
    '/trucks/:truckId/bookings/availability',
    truckRoute(settings, {
      summary: "The availableToArrive switch (owner): while off, customers' booking requests are refused",
      body: BookingAvailabilitySchema,
      response: { 200: BookingDeskSchema },
    }),
    async (request) => {
      const access = truckAccessOf(request);
      await service.setAvailability(access.truck.id, request.body.availableToArrive);
      return deskOf({ ...access, truck: { ...access.truck, availableToArrive: request.body.availableToArrive } });
    },
  );

  app.get(
    '/trucks/:truckId/bookings/calendar',
    truckRoute(manage, { summary: "The confirmed bookings of a month of the truck's calendar, by start", querystring: BookingMonthQuerySchema, response: { 200: BookingMonthSchema } }),
    async (request) => service.month(truckAccessOf(request).truck, request.query.month),
  );

  app.get(
    '/trucks/:truckId/bookings/calendar-feed',
    truckRoute(settings, { summary: "The address of the truck's private calendar feed (owner), for a phone's calendar to subscribe to", response: { 200: CalendarFeedSchema } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return feed.url(truckAccessOf(request).truck.id);
    },
  );

  app.post(
    '/trucks/:truckId/bookings/calendar-feed/rotate',
    truckRoute(settings, { summary: 'A new address for the calendar feed (owner); the old one stops working at once', response: { 200: CalendarFeedSchema } }),
    async (request) => feed.rotate(truckAccessOf(request).truck.id),
  );

  app.get(
    '/trucks/:truckId/bookings/by-number/:number',
    truckRoute(manage, { summary: 'One booking by its number (the n of /jobs/{n}), with its history and any clash', params: NumberParams, response: { 200: BookingSchema } }),
    async (request) => {
      const number = /^\d{1,9}$/.test(request.params.number) ? Number(request.params.number) : NaN;
      if (!Number.isSafeInteger(number) || number < 1) throw bookingNotFound();
      return service.byNumber(truckAccessOf(request).truck.id, number);
    },
  );

  app.get(
    '/trucks/:truckId/bookings/:bookingId',
    truckRoute(manage, { summary: 'One booking with its history, and the confirmed booking it would clash with', params: BookingParams, response: { 200: BookingSchema } }),
    async (request) => {
      if (!isUuid(request.params.bookingId)) throw bookingNotFound();
      return service.get(truckAccessOf(request).truck.id, request.params.bookingId);
    },
  );

  app.post(
    '/trucks/:truckId/bookings/:bookingId/actions',
    truckRoute(manage, {
      summary:
        'Move the booking on: quote (amount, deposit, message, valid until; 409 booking_clash when it overlaps a confirmed booking), confirm (depositReceived), decline (reason), cancel (reason), complete. `version` is the one you saw: 409 conflict when it changed, 409 illegal_transition or quote_expired when the status does not allow it, 409 booking_clash naming the confirmed booking a confirmation would overlap',
      params: BookingParams,
      body: BookingActionSchema,
      response: { 200: BookingSchema },
    }),
    async (request) => {
      if (!isUuid(request.params.bookingId)) throw bookingNotFound();
      return service.act(truckAccessOf(request).truck.id, request.params.bookingId, request.body, actorOf(authOf(request)));
    },
  );

  // Not HTTP, but the feature's one registration point: expiry, and the keys' retention.
  instance.jobs.schedule({
    name: 'bookings-expire',
    everyMs: 60_000,
    run: async () => (await service.expireDue()) === EXPIRY_BATCH,
  });
  instance.jobs.schedule({ name: 'bookings-forget-idempotency-keys', everyMs: 10 * 60_000, run: async () => void (await service.forgetOldKeys()) });
}
