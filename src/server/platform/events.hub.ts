/**
 * The process's hub of live event streams: for each truck with streams open here, a channel that
 * reads the truck's new events once per NOTIFY (platform/listener.ts, the process's one LISTEN
 * connection) and writes them to each stream; after a lost connection every open truck reads what it
 * missed. A stream resumed with Last-Event-ID gets exactly the events after that id, or `resync` when
 * they are no longer kept; a fresh stream starts with `ready`. Streams get heartbeats, are dropped when
 * a client stops reading (it reconnects and resumes), end after STREAM_MAX_AGE_MS (the reconnection
 * re-checks access) and when the hub closes.
 */
import type { ServerResponse } from 'node:http';
import { MEMBER_REMOVED_EVENT } from '@domain/team';
import { STREAM_EVENTS } from '@domain/truck-events';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { truckEventCounters, truckEvents } from '../db/tables/events';
import { TRUCK_EVENTS_CHANNEL } from './events.publish';
import type { Listener } from './listener';

const FETCH_BATCH = 500;
/** A client this far behind is not reading: drop it, it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 512 * 1024;
const STREAM_MAX_AGE_MS = 30 * 60_000;

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

export interface EventHubOptions {
  db: Db;
  listener: Pick<Listener, 'subscribe'>;
  log: FastifyBaseLogger;
  heartbeatMs: number;
}

export interface StreamHub {
  /** Streams open on this process for a truck, or in all (tests, the benchmark). */
  streamCount(truckId?: string): number;
  /** Streams the truck's events on `raw` from `lastEventId` (or from now, after `ready`), until it closes. */
  openStream(raw: ServerResponse, truckId: string, userId: string, lastEventId: number | undefined): Promise<void>;
  /**
   * Reads what the open trucks missed when their counter is past what they delivered: a doorbell rung
   * after its commit (order intake, decision 016) is lost if the process dies in between.
   */
  catchUpMissed(): Promise<void>;
  /** Ends every stream and the heartbeats (before the app closes). */
  close(): void;
}

const frame = (event: StoredEvent) => `id: ${event.id}\nevent: ${event.type}\ndata: ${event.data}\n\n`;

/** Starts listening (a database that is down only delays the first stream) and returns the hub. */
export async function createEventHub({ db, listener, log, heartbeatMs }: EventHubOptions): Promise<StreamHub> {
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
      log.error({ err: error, truckId: channel.truckId }, 'events: reading new events failed');
    } finally {
      channel.fetching = false;
    }
  }

  const notifications = {
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
  const ensureListening = () => listener.subscribe(TRUCK_EVENTS_CHANNEL, notifications);
  await ensureListening().catch((error: unknown) => log.warn({ err: error }, 'events: cannot listen yet; streams open once the database is back'));

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

  async function openStream(raw: ServerResponse, truckId: string, userId: string, lastEventId: number | undefined): Promise<void> {
    const channel = await channelFor(truckId);
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

  return {
    streamCount(truckId?: string) {
      if (truckId !== undefined) return channels.get(truckId)?.subscribers.size ?? 0;
      let count = 0;
      for (const channel of channels.values()) count += channel.subscribers.size;
      return count;
    },
    openStream,
    async catchUpMissed() {
      const open = [...channels.keys()];
      if (open.length === 0) return;
      const counters = await db
        .select({ truckId: truckEventCounters.truckId, lastId: truckEventCounters.lastId })
        .from(truckEventCounters)
        .where(inArray(truckEventCounters.truckId, open));
      for (const { truckId, lastId } of counters) {
        const channel = channels.get(truckId);
        if (channel && Number(lastId) > channel.fetchedUpTo) void pump(channel);
      }
    },
    close() {
      closing = true;
      clearInterval(heartbeat);
      for (const channel of channels.values()) for (const subscriber of channel.subscribers) subscriber.raw.end();
      channels.clear();
    },
  };
}
