/**
 * Live events per truck (docs/product.md §4), across any number of server processes.
 *
 * - Publishing happens inside the feature's transaction (`publishTruckEvent`): the event gets the
 *   truck's next id, is kept in truck_events, and NOTIFY tells every process "truck T has event N"
 *   when the transaction commits. A rolled-back change publishes nothing.
 * - Each process LISTENs on its one listener connection (platform/listener.ts). A notification for a
 *   truck with open streams here makes the hub read that truck's new events once and write them to
 *   each stream; after a lost connection every open truck reads what it missed.
 * - A stream resumed with Last-Event-ID gets exactly the events after that id; when they are no
 *   longer kept it gets `resync` (the dashboard reloads). A fresh stream starts with `ready`.
 * - Streams open with a single-use ticket (POST …/events/ticket with the bearer token), never a
 *   long-lived token in the URL. They send heartbeats, are dropped when a client stops reading
 *   (it reconnects and resumes), end after STREAM_MAX_AGE_MS (the reconnection re-checks access)
 *   and close before the app does.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { DomainError } from '@domain/errors';
import { MEMBER_REMOVED_EVENT } from '@domain/team';
import { STREAM_EVENTS, STREAM_TICKET_SECONDS, StreamQuerySchema, StreamTicketSchema } from '@domain/truck-events';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database';
import { streamTickets, truckEventCounters, truckEvents } from '../db/tables/events';
import { authOf } from './auth';
import { can, truckAccessOf, truckGuard } from './truck-access';

const CHANNEL = 'truck_events';
const FETCH_BATCH = 500;
/** A client this far behind is not reading: drop it, it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 512 * 1024;
const STREAM_MAX_AGE_MS = 30 * 60_000;
const RETENTION = sql`interval '24 hours'`;

/** Anything that runs SQL: the database handle or a transaction of it. */
export type SqlRunner = Pick<Db, 'execute'>;

/**
 * Keeps the event and announces it on commit; returns its id. Call it inside the transaction that
 * makes the change, as its last statement: the truck's counter row stays locked until commit, which
 * is what keeps a truck's events committing in id order.
 */
export async function publishTruckEvent(tx: SqlRunner, truckId: string, type: string, data: unknown): Promise<number> {
  const result = await tx.execute<{ id: string }>(sql`
    WITH next AS (
      INSERT INTO ${truckEventCounters} (truck_id, last_id) VALUES (${truckId}, 1)
      ON CONFLICT (truck_id) DO UPDATE SET last_id = ${truckEventCounters}.last_id + 1
      RETURNING last_id
    ), saved AS (
      INSERT INTO ${truckEvents} (truck_id, id, type, data)
      SELECT ${truckId}, last_id, ${type}, ${JSON.stringify(data)}::jsonb FROM next
      RETURNING id
    )
    SELECT id, pg_notify(${CHANNEL}, ${truckId} || ':' || id) FROM saved`);
  return Number(result.rows[0]!.id);
}

interface Subscriber {
  raw: ServerResponse;
  /** Who opened it (the ticket's user): their streams close when they leave the truck's team. */
  userId: string;
  /** The id of the last event this client has. */
  cursor: number;
  /** Replaying what it missed: live deliveries wait, so events never arrive out of order. */
  catchingUp: boolean;
}

interface Channel {
  truckId: string;
  subscribers: Set<Subscriber>;
  /** Every event up to this id has been read and delivered. */
  fetchedUpTo: number;
  fetching: boolean;
  /** A notification came while reading: read again. */
  again: boolean;
}

interface StoredEvent {
  id: number;
  type: string;
  data: string;
}

export interface EventHub {
  /** Streams open on this process for a truck (tests, the benchmark). */
  streamCount(truckId?: string): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventHub;
  }
}

export interface EventsPluginOptions {
  heartbeatMs?: number;
}

const frame = (event: StoredEvent) => `id: ${event.id}\nevent: ${event.type}\ndata: ${event.data}\n\n`;
const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');
const ticketRefused = () => new DomainError('stream_ticket_invalid', 401);

export const eventsPlugin = fp(
  async (instance: FastifyInstance, options: EventsPluginOptions) => {
    const { db } = instance.database;
    const heartbeatMs = options.heartbeatMs ?? 20_000;
    const channels = new Map<string, Channel>();
    const opening = new Map<string, Promise<Channel>>();
    let closing = false;

    async function readEvents(truckId: string, after: number): Promise<StoredEvent[]> {
      const rows = await db
        .select({ id: truckEvents.id, type: truckEvents.type, data: sql<string>`${truckEvents.data}::text` })
        .from(truckEvents)
        .where(and(eq(truckEvents.truckId, truckId), gt(truckEvents.id, after)))
        .orderBy(truckEvents.id)
        .limit(FETCH_BATCH);
      return rows.map((row) => ({ id: Number(row.id), type: row.type, data: row.data }));
    }

    function write(subscriber: Subscriber, text: string): void {
      if (subscriber.raw.destroyed) return;
      subscriber.raw.write(text);
      if (subscriber.raw.writableLength > MAX_BUFFERED_BYTES) subscriber.raw.destroy();
    }

    /** A removed member's streams end once they have the event (on every process: each delivers it). */
    function endStreamsOf(channel: Channel, event: StoredEvent): void {
      const { userId } = JSON.parse(event.data) as { userId?: string };
      for (const subscriber of channel.subscribers) if (subscriber.userId === userId) subscriber.raw.end();
    }

    function deliver(channel: Channel, events: StoredEvent[]): void {
      for (const event of events) {
        const text = frame(event);
        for (const subscriber of channel.subscribers) {
          if (subscriber.catchingUp || event.id <= subscriber.cursor) continue;
          write(subscriber, text);
          subscriber.cursor = event.id;
        }
        if (event.type === MEMBER_REMOVED_EVENT) endStreamsOf(channel, event);
        channel.fetchedUpTo = event.id;
      }
    }

    /** Reads the truck's new events and hands them out; one reader per truck, however many notifications arrive. */
    async function pump(channel: Channel): Promise<void> {
      if (channel.fetching) {
        channel.again = true;
        return;
      }
      channel.fetching = true;
      try {
        let full = false;
        do {
          channel.again = false;
          const events = await readEvents(channel.truckId, channel.fetchedUpTo);
          deliver(channel, events);
          full = events.length === FETCH_BATCH;
        } while ((channel.again || full) && channels.get(channel.truckId) === channel);
      } catch (error) {
        instance.log.error({ err: error, truckId: channel.truckId }, 'events: reading new events failed');
      } finally {
        channel.fetching = false;
      }
    }

    const subscriber = {
      notification(payload: string): void {
        const [truckId, id] = payload.split(':');
        const channel = truckId ? channels.get(truckId) : undefined;
        if (channel && Number(id) > channel.fetchedUpTo) void pump(channel);
      },
      // Notifications sent while the connection was down are lost: every open truck reads what it missed.
      up(): void {
        if (!closing) channels.forEach((channel) => void pump(channel));
      },
    };

    /** Resolves once notifications arrive (the process's one listener connection, shared with the read cache). */
    const ensureListening = () => instance.listener.subscribe(CHANNEL, subscriber);
    await ensureListening().catch((error: unknown) => instance.log.warn({ err: error }, 'events: cannot listen yet; streams open once the database is back'));

    async function channelFor(truckId: string): Promise<Channel> {
      const open = channels.get(truckId);
      if (open) return open;
      let pending = opening.get(truckId);
      if (!pending) {
        pending = (async () => {
          await ensureListening();
          // Read after LISTEN: any event committed later is both announced and after this id.
          const [row] = await db.select({ lastId: truckEventCounters.lastId }).from(truckEventCounters).where(eq(truckEventCounters.truckId, truckId));
          const channel: Channel = { truckId, subscribers: new Set(), fetchedUpTo: Number(row?.lastId ?? 0), fetching: false, again: false };
          channels.set(truckId, channel);
          return channel;
        })().finally(() => opening.delete(truckId));
        opening.set(truckId, pending);
      }
      return pending;
    }

    /** Replays what a resumed client missed, then hands it to live delivery. */
    async function catchUp(channel: Channel, subscriber: Subscriber): Promise<void> {
      let first = true;
      for (;;) {
        const events = await readEvents(channel.truckId, subscriber.cursor);
        if (first && subscriber.cursor < channel.fetchedUpTo && events[0]?.id !== subscriber.cursor + 1) {
          // The events after its id are no longer kept (or never were): start afresh.
          subscriber.cursor = channel.fetchedUpTo;
          write(subscriber, frame({ id: subscriber.cursor, type: STREAM_EVENTS.resync, data: '{}' }));
          break;
        }
        first = false;
        for (const event of events) {
          write(subscriber, frame(event));
          subscriber.cursor = event.id;
        }
        if (events.length < FETCH_BATCH && subscriber.cursor >= channel.fetchedUpTo) break;
      }
      if (subscriber.cursor > channel.fetchedUpTo) {
        // A client ahead of this database (it was reset): its id means nothing here.
        subscriber.cursor = channel.fetchedUpTo;
        write(subscriber, frame({ id: subscriber.cursor, type: STREAM_EVENTS.resync, data: '{}' }));
      }
      subscriber.catchingUp = false;
    }

    async function openStream(reply: FastifyReply, truckId: string, userId: string, lastEventId: number | undefined): Promise<void> {
      const channel = await channelFor(truckId);
      const raw = reply.raw;
      const subscriber: Subscriber = { raw, userId, cursor: lastEventId ?? channel.fetchedUpTo, catchingUp: lastEventId !== undefined };
      channel.subscribers.add(subscriber);
      const maxAge = setTimeout(() => raw.end(), STREAM_MAX_AGE_MS);
      raw.on('close', () => {
        clearTimeout(maxAge);
        channel.subscribers.delete(subscriber);
        if (channel.subscribers.size === 0 && channels.get(truckId) === channel) channels.delete(truckId);
      });
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 2000\n\n');
      if (lastEventId === undefined) write(subscriber, frame({ id: subscriber.cursor, type: STREAM_EVENTS.ready, data: '{}' }));
      else await catchUp(channel, subscriber);
    }

    const heartbeat = setInterval(() => {
      for (const channel of channels.values()) for (const subscriber of channel.subscribers) write(subscriber, ':\n\n');
    }, heartbeatMs);
    heartbeat.unref();

    instance.decorate('events', {
      streamCount(truckId?: string) {
        if (truckId !== undefined) return channels.get(truckId)?.subscribers.size ?? 0;
        let count = 0;
        for (const channel of channels.values()) count += channel.subscribers.size;
        return count;
      },
    } satisfies EventHub);

    instance.addHook('preClose', async () => {
      closing = true;
      clearInterval(heartbeat);
      for (const channel of channels.values()) for (const subscriber of channel.subscribers) subscriber.raw.end();
      channels.clear();
    });

    instance.jobs.schedule({
      name: 'truck-events-retention',
      everyMs: 10 * 60_000,
      async run() {
        await db.delete(truckEvents).where(lt(truckEvents.createdAt, sql`now() - ${RETENTION}`));
        await db.delete(streamTickets).where(lt(streamTickets.expiresAt, sql`now()`));
      },
    });

    await instance.register(
      async (scope) => {
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
            preValidation: truckGuard(can('orders.manage')),
          },
          async (request, reply) => {
            const { truck } = truckAccessOf(request);
            const ticket = randomBytes(24).toString('base64url');
            const expiresAt = new Date(Date.now() + STREAM_TICKET_SECONDS * 1000);
            await db.insert(streamTickets).values({ truckId: truck.id, tokenHash: hashTicket(ticket), userId: authOf(request).userId, expiresAt });
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
            const header = request.headers['last-event-id'];
            const resumeFrom = typeof header === 'string' && /^\d{1,18}$/.test(header) ? header : request.query.lastEventId;
            reply.hijack();
            try {
              await openStream(reply, truckId, ticket.userId, resumeFrom === undefined ? undefined : Number(resumeFrom));
            } catch (error) {
              request.log.error({ err: error }, 'events: opening a stream failed');
              if (!reply.raw.headersSent) reply.raw.writeHead(503).end();
              else reply.raw.destroy();
            }
          },
        );
      },
      { prefix: '/api/v1' },
    );
  },
  { name: 'events', dependencies: ['database', 'auth', 'jobs', 'listener'] },
);
