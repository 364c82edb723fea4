-- The counters of every rate limit (src/server/platform/rate-limit-store.ts), shared by all app processes
-- so N processes hold the same limits as one. UNLOGGED: a counter is worth nothing after a crash and
-- should cost no WAL while it lives.
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  resets_at timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limit_counters_resets_at_idx ON rate_limit_counters (resets_at);
