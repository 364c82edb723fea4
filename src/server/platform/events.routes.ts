/**
 * The HTTP side of live events: a single-use ticket (POST …/events/ticket with the bearer token), never
 * a long-lived token in the URL, then the truck's server-sent event stream opened with it, handed to
 * the hub (events.hub.ts). The ticket names the token's session and version: opening the stream checks
 * what any request with that token would (session open, version current, the truck in reach with the
 * ticket's right), and the hub checks it again whenever one of them changes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '@domain/errors';
import { STREAM_TICKET_SECONDS, StreamQuerySchema, StreamTicketSchema } from '@domain/truck-events';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database';
import { streamTickets } from '../db/tables/events';
import { authOf, sessionCaller, type SessionClaims } from './auth';
import type { StreamHub } from './events.hub';
import { can, truckAccessFor, truckAccessOf, truckGuard } from './truck-access';

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');
const ticketRefused = () => new DomainError('stream_ticket_invalid', 401);
/** Who may follow a truck's stream: whoever may ask for its ticket. */
const STREAM_RULE = can('orders.manage');

/** `<session>.<token version>.<secret>`: only its hash is kept, so what it names cannot be edited. */
const ticketOf = ({ sessionId, tokenVersion }: SessionClaims) => `${sessionId}.${tokenVersion}.${randomBytes(24).toString('base64url')}`;

function ticketClaims(ticket: string, userId: string): SessionClaims {
  const [sessionId, version] = ticket.split('.');
  if (!sessionId || !version || !/^\d{1,9}$/.test(version)) throw ticketRefused();
  return { userId, sessionId, tokenVersion: Number(version) };
}

export interface EventRoutesOptions {
  db: Db;
  hub: StreamHub;
}

export async function eventRoutes(scope: FastifyInstance, { db, hub }: EventRoutesOptions): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const TruckParams = z.object({ truckId: z.string() });

  app.post(
    '/trucks/:truckId/events/ticket',
    {
      schema: {
        tags: ['events'],
        summary: `A single-use ticket (valid ${STREAM_TICKET_SECONDS} s) to open the truck's event stream`,
        security: [{ bearer: [] }],
        params: TruckParams,
        response: { 201: StreamTicketSchema },
      },
      preValidation: truckGuard(STREAM_RULE),
    },
    async (request, reply) => {
      const { truck } = truckAccessOf(request);
      const caller = authOf(request);
      const ticket = ticketOf(caller);
      const expiresAt = new Date(Date.now() + STREAM_TICKET_SECONDS * 1000);
      await db.insert(streamTickets).values({ truckId: truck.id, tokenHash: hashTicket(ticket), userId: caller.userId, expiresAt });
      return reply.status(201).send({ ticket, expiresAt: expiresAt.toISOString() });
    },
  );

  app.get(
    '/trucks/:truckId/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'The truck\'s server-sent events (order.created, order.changed, …). Opened with ?ticket=; resumes after the Last-Event-ID header (or ?lastEventId=)',
        params: TruckParams,
        querystring: StreamQuerySchema,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const { truckId } = request.params;
      if (!z.uuid().safeParse(truckId).success) throw ticketRefused();
      const [ticket] = await db
        .delete(streamTickets)
        .where(and(eq(streamTickets.truckId, truckId), eq(streamTickets.tokenHash, hashTicket(request.query.ticket))))
        .returning({ expiresAt: streamTickets.expiresAt, userId: streamTickets.userId });
      if (!ticket || ticket.expiresAt <= new Date()) throw ticketRefused();
      const claims = ticketClaims(request.query.ticket, ticket.userId);
      const { server } = request;
      const check = async () => truckAccessFor(server, await sessionCaller(server, claims), truckId, STREAM_RULE);
      // The answer its token would get now: 401 session_ended, 404 for a truck out of reach.
      await check();
      // Refused: the stream ends; the database out of reach: it fails (and the client reconnects).
      const stillAllowed = async () => {
        try {
          await check();
          return true;
        } catch (error) {
          if (error instanceof DomainError) return false;
          throw error;
        }
      };
      const viewer = { userId: claims.userId, sessionId: claims.sessionId, stillAllowed };
      const header = request.headers['last-event-id'];
      const resumeFrom = typeof header === 'string' && /^\d{1,18}$/.test(header) ? header : request.query.lastEventId;
      reply.hijack();
      try {
        await hub.openStream(reply.raw, truckId, viewer, resumeFrom === undefined ? undefined : Number(resumeFrom));
      } catch (error) {
        request.log.error({ err: error }, 'events: opening a stream failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(503).end();
        else reply.raw.destroy();
      }
    },
  );
}
