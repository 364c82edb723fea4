/**
 * The process's one LISTEN connection to PostgreSQL, shared by everything that waits for
 * notifications (the read cache's invalidations, the live events). One connection, one reconnect
 * schedule: when it drops, every subscriber hears `down` (notifications are being lost), and `up`
 * once it is back and listening on every channel again (they read or drop what they may have missed).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';

const RECONNECT_DELAYS_MS = [250, 1_000, 2_000, 5_000, 10_000];
export const LISTENER_APPLICATION_NAME = 'truckdesk-listener';

export interface Subscriber {
  notification(payload: string): void;
  /** The connection is lost: notifications sent from now on will not arrive. */
  down?(): void;
  /** Listening (first connection, and again after a loss). */
  up?(): void;
}

export interface Listener {
  /**
   * Listens on `channel` too (again: a no-op); resolves once LISTEN is in effect, rejects when the
   * connection cannot be made now (it keeps trying, and the channel is listened on once it is back).
   */
  subscribe(channel: string, subscriber: Subscriber): Promise<void>;
  /** Whether LISTEN is in effect (notifications arrive). */
  readonly connected: boolean;
  /** Connection drops since start (metrics). */
  readonly reconnects: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    listener: Listener;
  }
}

export function createListener(connection: pg.ClientConfig, log: FastifyInstance['log']) {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let connected = false;
  let closing = false;
  let failures = 0;
  let drops = 0;
  let timer: NodeJS.Timeout | undefined;

  const each = (call: (subscriber: Subscriber) => void) => {
    for (const subscribers of channels.values()) for (const subscriber of subscribers) call(subscriber);
  };

  function scheduleReconnect(): void {
    if (closing || timer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures++, RECONNECT_DELAYS_MS.length - 1)]!;
    timer = setTimeout(() => {
      timer = undefined;
      void connect().catch(() => undefined);
    }, delay);
    timer.unref();
  }

  function lost(lostClient: pg.Client, error?: Error): void {
    if (client !== lostClient) return;
    client = undefined;
    connected = false;
    if (closing) return;
    drops++;
    log.warn({ err: error }, 'listener: the LISTEN connection was lost; reconnecting');
    each((subscriber) => subscriber.down?.());
    scheduleReconnect();
  }

  function connect(): Promise<pg.Client> {
    if (client && connected) return Promise.resolve(client);
    connecting ??= (async () => {
      // pg keeps the password out of the pool's enumerable options.
      const next = new pg.Client({ ...connection, password: connection.password, application_name: LISTENER_APPLICATION_NAME });
      next.on('notification', (message) => {
        const subscribers = channels.get(message.channel);
        if (subscribers && message.payload !== undefined) for (const subscriber of subscribers) subscriber.notification(message.payload);
      });
      next.on('error', (error) => {
        lost(next, error);
        void next.end().catch(() => undefined);
      });
      next.on('end', () => lost(next));
      try {
        await next.connect();
        if (channels.size > 0) await next.query([...channels.keys()].map((channel) => `LISTEN ${channel}`).join('; '));
      } catch (error) {
        await next.end().catch(() => undefined);
        scheduleReconnect();
        throw error;
      }
      if (closing) {
        await next.end().catch(() => undefined);
        throw new Error('listener closed');
      }
      client = next;
      connected = true;
      failures = 0;
      each((subscriber) => subscriber.up?.());
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  const listener: Listener = {
    async subscribe(channel, subscriber) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      let subscribers = channels.get(channel);
      const fresh = !subscribers;
      if (!subscribers) channels.set(channel, (subscribers = new Set()));
      subscribers.add(subscriber);
      const current = await connect();
      // A connection made before this channel was known: LISTEN on it now.
      if (fresh) await current.query(`LISTEN ${channel}`);
    },
    get connected() {
      return connected;
    },
    get reconnects() {
      return drops;
    },
  };

  return {
    listener,
    async close() {
      closing = true;
      connected = false;
      if (timer) clearTimeout(timer);
      await connecting?.catch(() => undefined);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

export const listenerPlugin = fp(
  async (app: FastifyInstance) => {
    const { listener, close } = createListener(app.database.pool.options, app.log);
    app.decorate('listener', listener);
    app.addHook('onClose', close);
  },
  { name: 'listener', dependencies: ['database'] },
);
