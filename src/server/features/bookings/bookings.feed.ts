/**
 * The truck's private calendar feed (iCalendar, RFC 5545, written by ical-generator): its confirmed
 * and completed bookings from a quarter ago on, for a phone's calendar to subscribe to. The address
 * is all a subscriber has, so the feed carries the bookings and nothing else of the truck.
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import type { FastifyInstance } from 'fastify';
import { bookingCalendarFeeds, bookings } from '../../db/tables/bookings';
import { feedToken, hashFeedToken } from './bookings.tokens';

const HISTORY_DAYS = 92;

export function createBookingFeed(app: FastifyInstance) {
  const { db } = app.database;
  const { jwtSecret, publicUrl } = app.config;
  const urlOf = (truckId: string, generation: number) => `${publicUrl}/api/v1/public/booking-calendars/${feedToken(jwtSecret, truckId, generation)}.ics`;

  async function write(truckId: string, generation: number) {
    const tokenHash = hashFeedToken(feedToken(jwtSecret, truckId, generation));
    await db
      .insert(bookingCalendarFeeds)
      .values({ truckId, generation, tokenHash })
      .onConflictDoUpdate({ target: bookingCalendarFeeds.truckId, set: { generation, tokenHash, createdAt: new Date() } });
    return { url: urlOf(truckId, generation) };
  }

  return {
    /** The feed's address, made on first use. */
    async url(truckId: string): Promise<{ url: string }> {
      const [feed] = await db.select().from(bookingCalendarFeeds).where(eq(bookingCalendarFeeds.truckId, truckId));
      return feed ? { url: urlOf(truckId, feed.generation) } : write(truckId, 1);
    },

    /** A new address; the old one stops working at once. */
    async rotate(truckId: string): Promise<{ url: string }> {
      const [feed] = await db.select().from(bookingCalendarFeeds).where(eq(bookingCalendarFeeds.truckId, truckId));
      return write(truckId, (feed?.generation ?? 0) + 1);
    },

    /** The feed for a token, or null when no truck's current feed has it. */
    async calendar(token: string, now = new Date()): Promise<string | null> {
      const [feed] = await db.select().from(bookingCalendarFeeds).where(eq(bookingCalendarFeeds.tokenHash, hashFeedToken(token)));
      if (!feed) return null;
      const rows = await db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.truckId, feed.truckId),
            inArray(bookings.status, ['confirmed', 'completed']),
            gte(bookings.windowEnd, new Date(now.getTime() - HISTORY_DAYS * 86_400_000)),
          ),
        )
        .orderBy(asc(bookings.windowStart));
      const calendar = ical({ name: 'TruckDesk bookings', prodId: { company: 'TruckDesk', product: 'bookings' }, ttl: 15 * 60 });
      for (const row of rows) {
        const eventStart = new Date(row.windowStart.getTime() + row.setupMinutes * 60_000);
        calendar.createEvent({
          id: `${row.id}@truckdesk`,
          start: eventStart,
          end: row.windowEnd,
          stamp: row.updatedAt,
          summary: `#${row.number} ${row.eventType} — ${row.customerName}`,
          location: row.address,
          description: [
            `${row.guestCount} guests · ${row.serviceModel}`,
            `Setup from ${row.windowStart.toISOString()} (${row.setupMinutes} min)`,
            `${row.customerPhone} · ${row.customerEmail}`,
            ...(row.menuNotes ? [row.menuNotes] : []),
          ].join('\n'),
          status: ICalEventStatus.CONFIRMED,
        });
      }
      return calendar.toString();
    },
  };
}
