/**
 * The process's hub of live event streams: for each truck with streams open here, a channel that
 * reads the truck's new events once per NOTIFY (platform/listener.ts, the process's one LISTEN
 * connection) and writes them to each stream; after a lost connection every open truck reads what it
 * missed. A stream resumed with Last-Event-ID gets exactly the events after that id, or `resync` when
 * they are no longer kept; a fresh stream starts with `ready`. Streams get heartbeats, are dropped when
 * a client stops reading (it reconnects and resumes), end after STREAM_MAX_AGE_MS and when the hub
 * closes. A stream ends, on every process, as soon as its viewer's session ends or the truck goes out
 * of their reach: each change to a session, user or truck the read cache hears of (read-cache.ts)
 * holds the streams it may concern and checks them again before they get another event.
 */
import type { ServerResponse } from 'node:http';
import { STREAM_EVENTS } from '@domain/truck-events';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { truckEventCounters, truckEvents } from '../db/tables/events';
import { TRUCK_EVENTS_CHANNEL } from './events.publish';
import type { Listener } from './listener';
import { CACHE_CHANNEL } from './read-cache';

const FETCH_BATCH = 500;
/** A client this far behind is not reading: drop it, it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 512 * 1024;
const STREAM_MAX_AGE_MS = 30 * 60_000;

/** Who follows a stream (the ticket's session), and whether they still may. */
export interface StreamViewer {
  userId: string;
  sessionId: string;
  /** False once the session has ended or the truck is out of their reach; rejects when it cannot tell. */
  stillAllowed(): Promise<boolean>;
}

interface Subscriber {
  raw: ServerResponse;
  viewer: StreamViewer;
  /** The id of the last event this client has. */
  cursor: number;
  /**
   * Live deliveries wait while it replays what it missed (events never arrive out of order) and while
   * its access is checked again (no event reaches a viewer who lost the right); release() lets go.
   */
  held: boolean;
  /** Its session, user or truck changed since its access was last checked. */
  checkDue: boolean;
  releasing: boolean;
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
  /**
   * Streams the truck's events on `raw` from `lastEventId` (or from now, after `ready`) to a viewer
   * whose access the caller has checked, until it closes or the viewer loses the right.
   */
  openStream(raw: ServerResponse, truckId: string, viewer: StreamViewer, lastEventId: number | undefined): Promise<void>;
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

  function deliver(channel: Channel, events: StoredEvent[]): void {
    for (const event of events) {
      const text = frame(event);
      for (const subscriber of channel.subscribers) {
        if (subscriber.held || event.id <= subscriber.cursor) continue;
        write(subscriber, text);
        subscriber.cursor = event.id;
      }
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

  /** The LISTEN connection is down: a change to someone's access now would go unheard. */
  let deaf = true;

  /** Holds the matching streams and checks them again, once the read cache has dropped what changed. */
  function recheck(subscribers: Iterable<[Channel, Subscriber]>): void {
    for (const [channel, subscriber] of subscribers) {
      subscriber.held = true;
      subscriber.checkDue = true;
      // The read cache hears the same notification: after this turn it has dropped the stale copy.
      queueMicrotask(() =>
        release(channel, subscriber).catch((error: unknown) => {
          log.error({ err: error, truckId: channel.truckId }, 'events: checking a stream again failed');
          subscriber.raw.destroy();
        }),
      );
    }
  }

  function* streamsWhere(matches: (channel: Channel, subscriber: Subscriber) => boolean): Generator<[Channel, Subscriber]> {
    for (const channel of channels.values()) for (const subscriber of channel.subscribers) if (matches(channel, subscriber)) yield [channel, subscriber];
  }

  const accessChanges = {
    notification(scope: string): void {
      const at = scope.indexOf(':');
      const [kind, id] = at < 0 ? [scope, ''] : [scope.slice(0, at), scope.slice(at + 1)];
      if (kind === 'all') recheck(streamsWhere(() => true));
      else if (kind === 'session') recheck(streamsWhere((_, subscriber) => subscriber.viewer.sessionId === id));
      else if (kind === 'user') recheck(streamsWhere((_, subscriber) => subscriber.viewer.userId === id));
      else if (kind === 'truck') recheck(streamsWhere((channel) => channel.truckId === id));
    },
    // Changes made while down went unheard: every stream waits, and is checked again once back.
    down(): void {
      deaf = true;
      for (const [, subscriber] of streamsWhere(() => true)) subscriber.held = true;
    },
    up(): void {
      deaf = false;
      if (!closing) recheck(streamsWhere(() => true));
    },
  };

  /** Resolves once notifications arrive (the process's one listener connection, shared with the read cache). */
  const ensureListening = () =>
    Promise.all([listener.subscribe(TRUCK_EVENTS_CHANNEL, notifications), listener.subscribe(CACHE_CHANNEL, accessChanges)]).then(() => {
      deaf = false;
    });
  await ensureListening().catch((error: unknown) => log.warn({ err: error }, 'events: cannot listen yet; streams open once the database is back'));

  async function lastEventId(truckId: string): Promise<number> {
    const [row] = await db.select({ lastId: truckEventCounters.lastId }).from(truckEventCounters).where(eq(truckEventCounters.truckId, truckId));
    return Number(row?.lastId ?? 0);
  }

  async function channelFor(truckId: string): Promise<Channel> {
    const open = channels.get(truckId);
    if (open) return open;
    let pending = opening.get(truckId);
    if (!pending) {
      pending = (async () => {
        await ensureListening();
        // Read after LISTEN: any event committed later is both announced and after this id.
        const channel: Channel = { truckId, subscribers: new Set(), fetchedUpTo: await lastEventId(truckId), fetching: false, again: false };
        channels.set(truckId, channel);
        return channel;
      })().finally(() => opening.delete(truckId));
      opening.set(truckId, pending);
    }
    return pending;
  }

  /** Replays what a held client missed, then hands it to live delivery; false: it must wait (still held). */
  async function catchUp(channel: Channel, subscriber: Subscriber): Promise<boolean> {
    let first = true;
    for (;;) {
      const events = await readEvents(channel.truckId, subscriber.cursor);
      if (subscriber.checkDue || deaf) return false;
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
    // Ahead of the channel's reader is not ahead of the database: this catch-up may have read events
    // the reader has not handed out yet (it skips them for this stream). Only an id past the truck's
    // last event is from another database (it was reset) and means nothing here.
    if (subscriber.cursor > channel.fetchedUpTo && subscriber.cursor > (await lastEventId(channel.truckId))) {
      subscriber.cursor = channel.fetchedUpTo;
      write(subscriber, frame({ id: subscriber.cursor, type: STREAM_EVENTS.resync, data: '{}' }));
    }
    subscriber.held = false;
    return true;
  }

  /** Checks a held stream's access while a check is due, ends it when lost, else catches it up and lets go. */
  async function release(channel: Channel, subscriber: Subscriber): Promise<void> {
    if (subscriber.releasing) return;
    subscriber.releasing = true;
    try {
      while (!deaf && channel.subscribers.has(subscriber)) {
        if (subscriber.checkDue) {
          subscriber.checkDue = false;
          if (!(await subscriber.viewer.stillAllowed())) {
            subscriber.raw.end();
            return;
          }
        } else if (await catchUp(channel, subscriber)) return;
      }
    } finally {
      subscriber.releasing = false;
    }
  }

  async function openStream(raw: ServerResponse, truckId: string, viewer: StreamViewer, lastEventId: number | undefined): Promise<void> {
    const channel = await channelFor(truckId);
    // Checked again once it can hear changes: one committed since the caller's check signalled no stream.
    const subscriber: Subscriber = { raw, viewer, cursor: lastEventId ?? channel.fetchedUpTo, held: true, checkDue: true, releasing: false };
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
    await release(channel, subscriber);
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
