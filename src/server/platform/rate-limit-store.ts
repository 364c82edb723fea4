/**
 * The counters of every rate limit (@fastify/rate-limit's `createRateLimit`, the account limits,
 * the order intake's), kept in PostgreSQL so that N app processes behind a load balancer hold the
 * same limits as one: each hit is one atomic upsert on a fixed window per key.
 *
 * The table is UNLOGGED: counters are worth nothing after a crash and should cost no WAL while they
 * live. Expired rows are deleted now and then by whichever process happens to be counting.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** One expired-row sweep per this many hits in a process. */
const SWEEP_EVERY = 500;

const HIT = `
  INSERT INTO rate_limit_counters AS c (key, resets_at, hits)
  VALUES ($1, clock_timestamp() + make_interval(secs => $2::float8 / 1000), 1)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN c.resets_at <= clock_timestamp() THEN 1 ELSE c.hits + 1 END,
    resets_at = CASE WHEN c.resets_at <= clock_timestamp() THEN excluded.resets_at ELSE c.resets_at END
  RETURNING hits, greatest(0, extract(epoch FROM c.resets_at - clock_timestamp()) * 1000)::float8 AS ttl`;

const READ = `
  SELECT CASE WHEN resets_at <= clock_timestamp() THEN 0 ELSE hits END AS hits,
         greatest(0, extract(epoch FROM resets_at - clock_timestamp()) * 1000)::float8 AS ttl
  FROM rate_limit_counters WHERE key = $1`;

/**
 * The row's key: the window joins the limiter's own key, so two limiters counting the same address
 * over different windows never share a counter. Long keys (an attacker's e-mail) are hashed.
 */
function rowKey(key: string, windowMs: number): string {
  const full = `${windowMs}:${key}`;
  return full.length <= 200 ? full : `${windowMs}:sha256:${createHash('sha256').update(full).digest('hex')}`;
}

/** A store class for @fastify/rate-limit's `store` option, bound to one pool. */
export function postgresRateLimitStore(pool: pg.Pool) {
  let hits = 0;
  const sweep = () => {
    pool.query('DELETE FROM rate_limit_counters WHERE resets_at < clock_timestamp()').catch(() => undefined);
  };
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      if (++hits % SWEEP_EVERY === 0) sweep();
      pool.query<{ hits: number; ttl: number }>(HIT, [rowKey(key, timeWindow), timeWindow]).then(
        ({ rows }) => callback(null, { current: rows[0]!.hits, ttl: Math.ceil(rows[0]!.ttl) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      pool.query<{ hits: number; ttl: number }>(READ, [rowKey(key, timeWindow)]).then(
        ({ rows }) => callback(null, { current: rows[0]?.hits ?? 0, ttl: Math.ceil(rows[0]?.ttl ?? timeWindow) }),
        (error: Error) => callback(error),
      );
    }

    child(): PostgresRateLimitStore {
      return this;
    }
  };
}
