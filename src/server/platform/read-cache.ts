/**
 * An in-process cache for the reads every request repeats (the caller's session, the truck it
 * reaches, a dashboard's queue), kept correct by the database itself: triggers on the tables those
 * reads come from NOTIFY `td_cache` with the scope that changed (`session:<id>`, `user:<id>`,
 * `truck:<id>`, `orders:<truckId>`; migration 0001), whoever wrote (this process, another one, the
 * admin CLI, psql), and every process drops what it holds for that scope.
 *
 * - Nothing is cached while the LISTEN connection is down; when it comes back everything is dropped,
 *   as notifications sent meanwhile are lost.
 * - A value read while its scope changed is handed out but not kept.
 * - `settle()` waits until every change committed before the call has reached this cache. The app
 *   settles before answering any write, so a client always reads its own writes; other processes
 *   see a change as soon as its notification arrives (the same path as the live event streams).
 * - A write that knows every scope it changed (order intake) drops them here itself once committed
 *   (`appliedOwnWrite`) and is answered without that barrier's round trip; its notifications still
 *   reach every process, this one included.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { ReadCache } from '../db/read-cache';
import type { Listener } from './listener';

/** Its NOTIFY channel: the payload is the scope that changed (live streams check their access again on it, events.hub.ts). */
export const CACHE_CHANNEL = 'td_cache';
const MAX_ENTRIES = 20_000;
/** Invalidations remembered to judge reads in flight; a read older than all of them is not kept. */
const RECENT_INVALIDATIONS = 1_024;
const SETTLE_TIMEOUT_MS = 2_000;
/** The barrier's marker: off for this transaction only, it carries no data (see settle()). */
const BARRIER_SQL = "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)";

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

interface Entry {
  value: unknown;
  scopes: readonly string[];
}

/** Kept values are shared by every request that reads them: none may change one. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const property of Object.values(value)) deepFreeze(property);
  }
  return value;
}

/** Requests whose writes `appliedOwnWrite` has applied here already: their answers need no barrier. */
const ownWritesApplied = new WeakSet<object>();

export function createReadCache(pool: pg.Pool, listener: Listener) {
  const entries = new Map<string, Entry>();
  const keysByScope = new Map<string, Set<string>>();
  /** Every invalidation counts one; the last RECENT_INVALIDATIONS are kept with their count. */
  let sequence = 0;
  const recent: { scope: string; at: number }[] = [];
  const barriers = new Map<string, () => void>();
  const instance = randomUUID();
  let barrierCount = 0;
  let active = false;
  let closing = false;
  const stats = { hits: 0, misses: 0 };

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const scope of entry.scopes) {
      const keys = keysByScope.get(scope);
      keys?.delete(key);
      if (keys?.size === 0) keysByScope.delete(scope);
    }
  }

  function invalidate(scope: string): void {
    sequence++;
    recent.push({ scope, at: sequence });
    if (recent.length > RECENT_INVALIDATIONS) recent.splice(0, recent.length - RECENT_INVALIDATIONS);
    const keys = keysByScope.get(scope);
    if (keys) for (const key of [...keys]) forget(key);
  }

  function clear(): void {
    // Also makes every read in flight stale: its start is now older than anything remembered.
    sequence += RECENT_INVALIDATIONS + 1;
    recent.length = 0;
    entries.clear();
    keysByScope.clear();
  }

  /** Did any of these scopes change after `since`? Unknown (too long ago) counts as yes. */
  function changedSince(since: number, scopes: readonly string[]): boolean {
    if (since === sequence) return false;
    const oldest = recent[0];
    if (!oldest || oldest.at > since + 1) return true;
    for (let i = recent.length - 1; i >= 0 && recent[i]!.at > since; i--) if (scopes.includes(recent[i]!.scope)) return true;
    return false;
  }

  function keep(key: string, scopes: readonly string[], value: unknown): void {
    forget(key);
    if (entries.size >= MAX_ENTRIES) forget(entries.keys().next().value!);
    entries.set(key, { value: deepFreeze(value), scopes });
    for (const scope of scopes) {
      let keys = keysByScope.get(scope);
      if (!keys) keysByScope.set(scope, (keys = new Set()));
      keys.add(key);
    }
  }

  function onNotification(payload: string): void {
    if (!payload) return;
    const barrier = barriers.get(payload);
    if (barrier) return barrier();
    if (payload === 'all') clear();
    else invalidate(payload);
  }

  /** Notifications sent while the connection is down are lost: keep nothing until it is back, then start afresh. */
  const subscriber = {
    notification: onNotification,
    down() {
      active = false;
      clear();
      for (const release of barriers.values()) release();
    },
    up() {
      clear();
      active = !closing;
    },
  };

  function listen(): Promise<void> {
    return listener.subscribe(CACHE_CHANNEL, subscriber);
  }

  const cache: ReadCache = {
    async remember<T>(key: string, scopes: readonly string[], load: () => Promise<T | undefined>) {
      const entry = entries.get(key);
      if (entry) {
        stats.hits++;
        return entry.value as T;
      }
      stats.misses++;
      const since = sequence;
      const value = await load();
      if (value !== undefined && active && !changedSince(since, scopes)) keep(key, scopes, value);
      return value;
    },

    async settle() {
      if (!active) return;
      const token = `barrier:${instance}:${++barrierCount}`;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          // The notification is late: forget everything rather than answer from a stale copy.
          barriers.delete(token);
          clear();
          resolve();
        }, SETTLE_TIMEOUT_MS);
        barriers.set(token, () => {
          clearTimeout(timer);
          barriers.delete(token);
          resolve();
        });
        // A marker with no data: its commit need not wait for a WAL flush, and a NOTIFY holds the
        // notification queue's lock until its transaction has committed (decision 016).
        pool.query(BARRIER_SQL, [CACHE_CHANNEL, token]).catch(() => barriers.get(token)?.());
      });
    },

    appliedOwnWrite(request, scopes) {
      for (const scope of scopes) invalidate(scope);
      ownWritesApplied.add(request);
    },

    get active() {
      return active;
    },

    get size() {
      return entries.size;
    },

    stats,
  };

  return {
    cache,
    listen,
    close() {
      closing = true;
      active = false;
      clear();
    },
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const readCachePlugin = fp(
  async (app: FastifyInstance) => {
    const { cache, listen, close } = createReadCache(app.database.pool, app.listener);
    // A process that cannot listen still serves every request, from the database.
    await listen().catch((error: unknown) => app.log.warn({ err: error }, 'read cache: cannot listen yet; caching is off until it can'));
    app.decorate('readCache', cache);
    // Before a write is answered, its own notifications have reached this process's cache.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!WRITE_METHODS.has(request.method) || ownWritesApplied.has(request)) return done(null, payload);
      void cache.settle().then(() => done(null, payload));
    });
    app.addHook('onClose', async () => close());
  },
  { name: 'read-cache', dependencies: ['database', 'listener'] },
);
