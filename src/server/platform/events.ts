/**
 * Live events per truck (docs/product.md §4), across any number of server processes, in three parts:
 *
 * - events.publish.ts: a feature publishes inside its transaction (`publishTruckEvent`); the event is
 *   kept in truck_events and NOTIFY announces it when the transaction commits.
 * - events.hub.ts: this process's open streams, fed from LISTEN (platform/listener.ts): resume by
 *   Last-Event-ID, `ready`/`resync`, heartbeats, slow readers dropped, streams aged out.
 * - events.routes.ts: the single-use ticket and the server-sent event stream over HTTP.
 *
 * This plugin wires them together, closes the streams before the app closes and prunes old events and
 * tickets.
 */
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { streamTickets, truckEvents } from '../db/tables/events';
import { createEventHub } from './events.hub';
import { eventRoutes } from './events.routes';

const RETENTION = sql`interval '24 hours'`;

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

export const eventsPlugin = fp(
  async (instance: FastifyInstance, options: EventsPluginOptions) => {
    const { db } = instance.database;
    const hub = await createEventHub({ db, listener: instance.listener, log: instance.log, heartbeatMs: options.heartbeatMs ?? 20_000 });

    instance.decorate('events', {
      streamCount: (truckId?: string) => hub.streamCount(truckId),
    } satisfies EventHub);

    instance.addHook('preClose', async () => {
      hub.close();
    });

    // Order intake rings its doorbells just after its commit (decision 016): a process that dies in
    // between loses one. Every 20 s the open trucks read what they missed, so such an event reaches
    // the dashboards late, never not at all.
    instance.jobs.schedule({ name: 'truck-events-missed-doorbells', everyMs: 20_000, run: () => hub.catchUpMissed() });

    instance.jobs.schedule({
      name: 'truck-events-retention',
      everyMs: 10 * 60_000,
      async run() {
        await db.delete(truckEvents).where(lt(truckEvents.createdAt, sql`now() - ${RETENTION}`));
        await db.delete(streamTickets).where(lt(streamTickets.expiresAt, sql`now()`));
      },
    });

    await instance.register(eventRoutes, { prefix: '/api/v1', db, hub });
  },
  { name: 'events', dependencies: ['database', 'auth', 'jobs', 'listener'] },
);
