/**
 * The current truck's live event stream, one per browser tab. The shell's order alerts, /home's
 * figures and the booking screens all listen to the same EventSource instead of opening their own:
 * each holds one of the six HTTP/1.1 connections a browser gives a site (across its tabs) while the
 * tab is open, and with two per tab three tabs on /home left every other request waiting.
 *
 * It opens with a fresh single-use ticket (EventSource cannot send the bearer token, and no
 * long-lived token goes in a URL) and reconnects after a drop, resuming after the last event it had
 * so none is lost (the server replays them). The browser's own online/offline signal counts too:
 * losing the network shows as offline at once (an EventSource may take long to notice a dead
 * connection), and its return reconnects at once rather than after the back-off.
 */
import type { StreamTicket } from '@domain/truck-events';
import { STREAM_EVENTS } from '@domain/truck-events/stream-events';
import { useEffect, useRef, useState } from 'react';
import { api } from './api';
import { useAppDispatch } from './hooks';

export type StreamStatus = 'connecting' | 'live' | 'offline';

export interface StreamListener {
  /** The truck's events this listener wants, by name (`order.created`, `booking.changed`…). */
  events?: Readonly<Record<string, (message: MessageEvent<string>, stream: StreamHandle) => void>>;
  /** The stream started afresh (`ready`) or events were no longer kept (`resync`): reload what is shown. */
  reload?: (message: MessageEvent<string>) => void;
  status?: (status: StreamStatus) => void;
}

export interface StreamHandle {
  /**
   * Reconnects, resuming after `eventId`: a listener that could not handle an event (its code not
   * fetched) has it, and what came after it, sent again. Every listener sees those events again.
   */
  resumeAfter(eventId: string | undefined): void;
}

/** Waits before reconnecting, longer each time (a server restarting, a tablet off the Wi-Fi). */
export const RETRY_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

const ticketApi = api.injectEndpoints({
  endpoints: (build) => ({
    streamTicket: build.mutation<StreamTicket, string>({ query: (truckId) => ({ url: `/trucks/${truckId}/events/ticket`, method: 'POST' }) }),
  }),
});

type Dispatch = ReturnType<typeof useAppDispatch>;

/** One truck's stream and who listens to it. */
class TruckStream implements StreamHandle {
  private readonly listeners = new Set<StreamListener>();
  private readonly names = new Set<string>();
  private source: EventSource | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastEventId: string | undefined;
  private failures = 0;
  /** Bumped by each new attempt: an older attempt still waiting for its ticket gives up. */
  private attempt = 0;
  private status: StreamStatus = 'connecting';

  constructor(
    private readonly truckId: string,
    private readonly dispatch: Dispatch,
    private readonly onEmpty: () => void,
  ) {}

  add(listener: StreamListener): () => void {
    this.listeners.add(listener);
    for (const name of Object.keys(listener.events ?? {})) this.listen(name);
    if (this.listeners.size === 1) this.start();
    else listener.status?.(this.status);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  resumeAfter(eventId: string | undefined): void {
    this.lastEventId = eventId;
    this.retry();
  }

  private readonly wentOffline = () => this.retry();
  private readonly cameBack = () => {
    this.failures = 0;
    void this.connect();
  };

  private start(): void {
    window.addEventListener('offline', this.wentOffline);
    window.addEventListener('online', this.cameBack);
    if (navigator.onLine === false) this.retry();
    else void this.connect();
  }

  private stop(): void {
    this.drop();
    window.removeEventListener('offline', this.wentOffline);
    window.removeEventListener('online', this.cameBack);
    this.onEmpty();
  }

  private setStatus(status: StreamStatus): void {
    this.status = status;
    for (const listener of this.listeners) listener.status?.(status);
  }

  private drop(): void {
    this.attempt++;
    clearTimeout(this.timer);
    this.source?.close();
    this.source = undefined;
  }

  private retry(): void {
    this.drop();
    if (this.listeners.size === 0) return;
    this.setStatus('offline');
    // Offline: the browser's `online` event reconnects; trying before that only fails.
    if (navigator.onLine === false) return;
    this.timer = setTimeout(() => void this.connect(), RETRY_DELAYS_MS[Math.min(this.failures++, RETRY_DELAYS_MS.length - 1)]);
  }

  /** Hands each event of `name` to the listeners that want it, noting where to resume from. */
  private listen(name: string): void {
    if (this.names.has(name)) return;
    this.names.add(name);
    this.source?.addEventListener(name, this.deliver(name));
  }

  private deliver(name: string) {
    return (message: MessageEvent<string>) => {
      this.lastEventId = message.lastEventId;
      for (const listener of this.listeners) {
        if (name === STREAM_EVENTS.ready || name === STREAM_EVENTS.resync) listener.reload?.(message);
        else listener.events?.[name]?.(message, this);
      }
    };
  }

  private async connect(): Promise<void> {
    this.drop();
    const mine = this.attempt;
    this.setStatus('connecting');
    try {
      const { ticket } = await this.dispatch(ticketApi.endpoints.streamTicket.initiate(this.truckId)).unwrap();
      if (mine !== this.attempt || this.listeners.size === 0) return;
      const query = new URLSearchParams({ ticket, ...(this.lastEventId ? { lastEventId: this.lastEventId } : {}) });
      const opened = new EventSource(`/api/v1/trucks/${this.truckId}/events?${query}`);
      this.source = opened;
      opened.onopen = () => {
        this.failures = 0;
        this.setStatus('live');
      };
      // The browser would retry with the spent ticket: reconnect with a new one instead.
      opened.onerror = () => {
        if (this.source === opened) this.retry();
      };
      for (const name of [STREAM_EVENTS.ready, STREAM_EVENTS.resync, ...this.names]) opened.addEventListener(name, this.deliver(name));
    } catch {
      if (mine === this.attempt) this.retry();
    }
  }
}

/** The tab's streams, per store (tests mount several) and truck. */
const streams = new WeakMap<Dispatch, Map<string, TruckStream>>();

function streamFor(dispatch: Dispatch, truckId: string): TruckStream {
  let mine = streams.get(dispatch);
  if (!mine) streams.set(dispatch, (mine = new Map()));
  const byTruck = mine;
  let stream = byTruck.get(truckId);
  if (!stream) byTruck.set(truckId, (stream = new TruckStream(truckId, dispatch, () => byTruck.delete(truckId))));
  return stream;
}

/**
 * Follows `truckId`'s live stream while mounted (and `enabled`), and answers its status. `listen`
 * makes the listener for one subscription: called when it starts (again for another truck), so what
 * the listener keeps lives as long as the subscription, and its `stop` ends with it.
 */
export function useTruckStream(truckId: string, listen: () => StreamListener & { stop?: () => void }, enabled = true): StreamStatus {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const latest = useRef(listen);
  useEffect(() => {
    latest.current = listen;
  }, [listen]);

  useEffect(() => {
    if (!enabled) return;
    const listener = latest.current();
    const stream = streamFor(dispatch, truckId);
    const stop = stream.add({
      ...listener,
      status: (next) => {
        setStatus(next);
        listener.status?.(next);
      },
    });
    return () => {
      stop();
      listener.stop?.();
    };
  }, [dispatch, truckId, enabled]);

  return status;
}
