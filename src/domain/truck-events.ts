/**
 * A truck's live event stream (product.md §4): server-sent events that features publish (orders,
 * bookings) and dashboards follow. Opened with a short-lived, single-use ticket, so no long-lived
 * token ever sits in a URL (EventSource cannot send an Authorization header).
 */
import { z } from 'zod';

export const STREAM_TICKET_SECONDS = 30;

export const StreamTicketSchema = z.object({ ticket: z.string(), expiresAt: z.iso.datetime({ offset: true }) });
export type StreamTicket = z.infer<typeof StreamTicketSchema>;

/**
 * Events the stream itself sends: `ready` once connected (its id is where the stream starts; a
 * dashboard reloads what it shows, as it may have missed changes before), `resync` when a resumed
 * stream's events are no longer kept (reload everything).
 */
export const STREAM_EVENTS = { ready: 'ready', resync: 'resync' } as const;

export const StreamQuerySchema = z.strictObject({
  ticket: z.string().min(1).max(100),
  /** For clients that reopen the stream themselves; the Last-Event-ID header wins when both are sent. */
  lastEventId: z.string().regex(/^\d{1,18}$/).optional(),
});
