/**
 * The device queue (decision 018): changes made at the counter with no connection, kept in
 * IndexedDB (through `idb`) so they survive a reload, a closed tab and a restart, and sent in the
 * order they were made when the connection returns.
 *
 * - Each change is stored before the screen shows it, and leaves the store only once the server
 *   has answered it. A crash between sending and the answer leaves it stored, and it is sent again:
 *   an order goes with its Idempotency-Key (the server answers a resend with the order it already
 *   made), a status change with the `version` it was made on (a resend finds the version moved on
 *   by this very change, which `applied` recognises in the order's history as done, not a conflict).
 * - A change the network or the server could not take (no answer, 5xx, 429) is tried again later,
 *   each time after longer (`backoffMs`); the changes after it wait for it, so the order is kept.
 * - A change the server refused (409, 422, …) is parked as a conflict for a person to look at, with
 *   what the server said; the queue goes on with the others, except those that depend on it (the
 *   later changes of an order whose creation or earlier change is parked).
 * - A 401 (the session expired while offline) stops the queue until someone signs in again: nothing
 *   is dropped.
 *
 * Changes to an order made on this device before it reached the server name it by a temporary id;
 * once its creation is answered, the real id takes its place in the later changes (`ids`).
 * The sending itself is a `Transport`, so the tests drive the queue without a server.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { offlineStatus, type QueueFigures } from './status';

export type ChangeKind = 'order.place' | 'order.act' | 'order.acknowledge' | 'menu.availability';
export type ChangeState = 'waiting' | 'sending' | 'conflict' | 'sign_in';

/** What the server answered a refused change with: its error code and details (the order as it is now, for a 409). */
export interface Refusal {
  status: number;
  code: string;
  /** The order's state on the server, when the answer carried it. */
  current?: unknown;
  fields?: { path: string; code: string; message?: string }[];
  message?: string;
}

/** Recognises a resend of a status change the server had already applied (its answer lost). */
export interface AppliedCheck {
  /** The version the change was made on; the server wrote it as version + 1. */
  version: number;
  action: string;
  actorId: string | null;
}

export interface Change {
  /** The queue's order: IndexedDB's key generator, ever increasing. */
  seq?: number;
  /** The change's own id; an order's creation also sends it as its Idempotency-Key. */
  id: string;
  kind: ChangeKind;
  truckId: string;
  /** Under /api/v1; a temporary order id in it is replaced by the real one once known. */
  url: string;
  body: Record<string, unknown>;
  idempotencyKey?: string;
  /** The order it concerns: a temporary id for an order made on this device and not yet sent. */
  orderId?: string;
  /** For an order's creation: the temporary id the later changes name it by. */
  tempOrderId?: string;
  applied?: AppliedCheck;
  /** When it was made on the device (ISO). */
  madeAt: string;
  state: ChangeState;
  attempts: number;
  /** Not before this instant (ms): the back-off after a failed attempt. */
  notBefore: number;
  refusal?: Refusal;
  /** What the screens need to show it (the order as it will be, words for a conflict); the queue does not read it. */
  view?: unknown;
}

export type NewChange = Omit<Change, 'seq' | 'state' | 'attempts' | 'notBefore' | 'madeAt' | 'refusal'> & { madeAt?: string };

export type Answer = { status: number; body: unknown };
/** Sends one change; throws when no answer came (offline, connection dropped). */
export type Transport = (change: Change & { url: string }) => Promise<Answer>;

export interface Settled {
  change: Change;
  answer: Answer;
}

interface Schema extends DBSchema {
  changes: { key: number; value: Change; indexes: { byId: string } };
  /** Temporary order id → the server's id, once its creation is answered. */
  ids: { key: string; value: { tempId: string; id: string; number: number } };
  /** Saved answers of the reads the offline screens need (snapshots.ts). */
  reads: { key: string; value: { key: string; data: unknown; savedAt: string } };
  counters: { key: string; value: { name: string; value: number } };
}

export const DB_NAME = 'truckdesk-device';
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

/** How long to wait before the next attempt after `attempts` failed ones: 1 s, 2 s, 4 s … at most a minute. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

let opened: Promise<IDBPDatabase<Schema>> | null = null;

export function deviceStore(): Promise<IDBPDatabase<Schema>> {
  opened ??= openDB<Schema>(DB_NAME, 1, {
    upgrade(db) {
      const changes = db.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true });
      changes.createIndex('byId', 'id', { unique: true });
      db.createObjectStore('ids', { keyPath: 'tempId' });
      db.createObjectStore('reads', { keyPath: 'key' });
      db.createObjectStore('counters', { keyPath: 'name' });
    },
  });
  return opened;
}

/** Closes the store (tests open a fresh one after). */
export async function closeDeviceStore(): Promise<void> {
  const db = await opened;
  db?.close();
  opened = null;
}

const errorOf = (body: unknown) => (body as { error?: { code?: string; message?: string; details?: { order?: unknown }; fields?: Refusal['fields'] } } | null)?.error;

/** A 409 whose current order shows this very change at the next version: the first send went through. */
function alreadyApplied(check: AppliedCheck | undefined, current: unknown): boolean {
  if (!check) return false;
  const history = (current as { history?: { version: number; action: string; actor: { id: string | null } | null }[] } | undefined)?.history ?? [];
  return history.some((entry) => entry.version === check.version + 1 && entry.action === check.action && (entry.actor?.id ?? null) === check.actorId);
}

type Listener = () => void;
type SettledListener = (settled: Settled) => void;

export interface OutboxOptions {
  transport: Transport;
  now?: () => number;
  /** Schedules the next attempt; tests drive time themselves. */
  schedule?: (run: () => void, ms: number) => void;
}

export class Outbox {
  private readonly transport: Transport;
  private readonly now: () => number;
  private readonly schedule: (run: () => void, ms: number) => void;
  private flushing: Promise<void> | null = null;
  private again = false;
  private timer = false;
  private readonly listeners = new Set<Listener>();
  private readonly settledListeners = new Set<SettledListener>();
  private sending = false;

  constructor(options: OutboxOptions) {
    this.transport = options.transport;
    this.now = options.now ?? Date.now;
    this.schedule = options.schedule ?? ((run, ms) => void setTimeout(run, ms));
  }

  /** Called after every change of the queue. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called for each change the server took (its answer in hand). */
  onSettled(listener: SettledListener): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  private async changed(): Promise<void> {
    const all = await this.all();
    const figures: QueueFigures = {
      waiting: all.filter((change) => change.state !== 'conflict').length,
      sending: this.sending,
      conflicts: all.filter((change) => change.state === 'conflict').length,
      needsSignIn: all.some((change) => change.state === 'sign_in'),
    };
    offlineStatus.publish(figures);
    this.listeners.forEach((listener) => listener());
  }

  /** Every stored change, oldest first. */
  async all(): Promise<Change[]> {
    const db = await deviceStore();
    return db.getAll('changes');
  }

  /** Stores a change (before anything shows it) and tries to send the queue. */
  async add(change: NewChange): Promise<Change> {
    const db = await deviceStore();
    const stored: Change = { ...change, madeAt: change.madeAt ?? new Date(this.now()).toISOString(), state: 'waiting', attempts: 0, notBefore: 0 };
    stored.seq = await db.add('changes', stored);
    await this.changed();
    return stored;
  }

  /** The next number of a per-device counter (temporary order numbers). */
  async next(name: string): Promise<number> {
    const db = await deviceStore();
    const tx = db.transaction('counters', 'readwrite');
    const value = ((await tx.store.get(name))?.value ?? 0) + 1;
    await tx.store.put({ name, value });
    await tx.done;
    return value;
  }

  /** The server's id and number of an order this device made under a temporary id, once sent. */
  async realId(tempId: string): Promise<{ id: string; number: number } | undefined> {
    const db = await deviceStore();
    return db.get('ids', tempId);
  }

  /** Sends what can be sent now, in order; resolves when the queue is empty, waits, or is blocked. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        await this.sendAll();
      } while (this.again);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private later(ms: number): void {
    if (this.timer) return;
    this.timer = true;
    this.schedule(() => {
      this.timer = false;
      void this.flush();
    }, ms);
  }

  private async sendAll(): Promise<void> {
    const db = await deviceStore();
    const blocked = new Set<string>();
    for (const change of await db.getAll('changes')) {
      if (change.state === 'conflict' || (change.orderId && blocked.has(change.orderId))) {
        if (change.tempOrderId) blocked.add(change.tempOrderId);
        if (change.orderId) blocked.add(change.orderId);
        continue;
      }
      if (change.state === 'sign_in') return;
      const wait = change.notBefore - this.now();
      if (wait > 0) {
        this.later(wait);
        return;
      }
      const url = await this.resolved(change);
      if (url === null) {
        // Its order's creation is not answered yet (nor stored): nothing to send it to.
        if (change.orderId) blocked.add(change.orderId);
        continue;
      }
      const outcome = await this.sendOne(db, { ...change, url });
      if (outcome === 'stop') return;
      if (outcome === 'parked' && change.orderId) blocked.add(change.orderId);
      if (outcome === 'parked' && change.tempOrderId) blocked.add(change.tempOrderId);
    }
  }

  /** The change's url with a temporary order id replaced by the real one; null while that is not known. */
  private async resolved(change: Change): Promise<string | null> {
    if (!change.orderId || !change.url.includes(change.orderId)) return change.url;
    const real = await this.realId(change.orderId);
    if (real) return change.url.replace(change.orderId, real.id);
    // Not a temporary id (an order the server already had): sent as it is.
    return change.orderId.startsWith(TEMP_PREFIX) ? null : change.url;
  }

  private async sendOne(db: IDBPDatabase<Schema>, change: Change): Promise<'sent' | 'parked' | 'stop'> {
    await db.put('changes', { ...change, url: change.url, state: 'sending' });
    this.sending = true;
    await this.changed();
    let answer: Answer;
    try {
      answer = await this.transport(change);
    } catch {
      answer = { status: 0, body: null };
    }
    this.sending = false;
    const stored = await db.getFromIndex('changes', 'byId', change.id);
    if (!stored) return 'sent';
    const { status, body } = answer;
    const error = errorOf(body);
    const current = error?.details?.order;
    const tookIt = (status >= 200 && status < 300) || (status === 409 && alreadyApplied(change.applied, current));
    if (tookIt) {
      const tx = db.transaction(['changes', 'ids'], 'readwrite');
      if (change.tempOrderId && status < 300) {
        const order = body as { id: string; number: number };
        await tx.objectStore('ids').put({ tempId: change.tempOrderId, id: order.id, number: order.number });
      }
      await tx.objectStore('changes').delete(stored.seq!);
      await tx.done;
      this.settledListeners.forEach((listener) => listener({ change, answer }));
      await this.changed();
      return 'sent';
    }
    if (status === 401) {
      const all = await db.getAll('changes');
      const tx = db.transaction('changes', 'readwrite');
      for (const each of all) if (each.state !== 'conflict') await tx.store.put({ ...each, state: 'sign_in' });
      await tx.done;
      await this.changed();
      return 'stop';
    }
    if (status === 0 || status >= 500 || status === 429 || status === 408) {
      const attempts = stored.attempts + 1;
      await db.put('changes', { ...stored, state: 'waiting', attempts, notBefore: this.now() + backoffMs(attempts) });
      await this.changed();
      this.later(backoffMs(attempts));
      return 'stop';
    }
    const refusal: Refusal = { status, code: error?.code ?? 'unprocessable', ...(current ? { current } : {}), ...(error?.fields ? { fields: error.fields } : {}), ...(error?.message ? { message: error.message } : {}) };
    await db.put('changes', { ...stored, state: 'conflict', refusal });
    await this.changed();
    return 'parked';
  }

  /** After a sign-in: the changes that waited for one are sent. */
  async resume(): Promise<void> {
    const db = await deviceStore();
    const all = await db.getAll('changes');
    const tx = db.transaction('changes', 'readwrite');
    for (const change of all) if (change.state === 'sign_in' || change.state === 'sending') await tx.store.put({ ...change, state: 'waiting', notBefore: 0 });
    await tx.done;
    await this.changed();
    await this.flush();
  }

  /**
   * The connection is back: the changes waiting out a back-off may go at once (the back-off spares a
   * server that did not answer; it is no reason to sit out a minute once the network has returned).
   */
  async wake(): Promise<void> {
    const db = await deviceStore();
    const all = await db.getAll('changes');
    const tx = db.transaction('changes', 'readwrite');
    for (const change of all) if (change.state === 'waiting' && change.notBefore > 0) await tx.store.put({ ...change, notBefore: 0 });
    await tx.done;
  }

  /** A parked change tried again as `replacement` (on the order's new state), in its place in the queue. */
  async retry(id: string, replacement: Pick<Change, 'url' | 'body'> & Partial<Pick<Change, 'applied' | 'idempotencyKey' | 'view'>>): Promise<void> {
    const db = await deviceStore();
    const stored = await db.getFromIndex('changes', 'byId', id);
    if (!stored) return;
    const { refusal: _refusal, ...rest } = stored;
    await db.put('changes', { ...rest, ...replacement, state: 'waiting', attempts: 0, notBefore: 0 });
    await this.changed();
    await this.flush();
  }

  /** Drops a parked change, and the later changes of the order it would have made. */
  async drop(id: string): Promise<Change[]> {
    const db = await deviceStore();
    const stored = await db.getFromIndex('changes', 'byId', id);
    if (!stored) return [];
    const gone = [stored];
    if (stored.tempOrderId) gone.push(...(await db.getAll('changes')).filter((change) => change.seq !== stored.seq && change.orderId === stored.tempOrderId));
    const tx = db.transaction('changes', 'readwrite');
    for (const change of gone) await tx.store.delete(change.seq!);
    await tx.done;
    await this.changed();
    await this.flush();
    return gone;
  }

  /** Sets the figures from what is stored (after a reload): a change left "sending" by a crash is waiting again. */
  async start(): Promise<void> {
    const db = await deviceStore();
    const all = await db.getAll('changes');
    const tx = db.transaction('changes', 'readwrite');
    for (const change of all) if (change.state === 'sending') await tx.store.put({ ...change, state: 'waiting' });
    await tx.done;
    await this.changed();
  }
}

/** Temporary ids of orders made on this device: never a server's id (those are plain UUIDs). */
export const TEMP_PREFIX = 'device-';
