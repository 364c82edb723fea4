/**
 * A truck's live event stream (docs/product.md §4): server-sent events that features publish (orders,
 * bookings) and dashboards follow. Opened with a short-lived, single-use ticket, so no long-lived
 * token ever sits in a URL (EventSource cannot send an Authorization header).
 */
import { z } from 'zod';

export const STREAM_TICKET_SECONDS = 30;

export const StreamTicketSchema = z.object({ ticket: z.string(), expiresAt: z.iso.datetime({ offset: true }) });
export type StreamTicket = z.infer<typeof StreamTicketSchema>;

export { STREAM_EVENTS } from './stream-events';

export const StreamQuerySchema = z.strictObject({
  ticket: z.string().min(1).max(100),
  /** For clients that reopen the stream themselves; the Last-Event-ID header wins when both are sent. */
  lastEventId: z.string().regex(/^\d{1,18}$/).optional(),
});
