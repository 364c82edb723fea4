-- Order intake rings its notifications itself, right after its commit (decision 016). A NOTIFY inside
-- a writing transaction takes PostgreSQL's one notification-queue lock at commit and holds it until
-- the commit record is on disk, so transactions that notify commit one after another, each waiting for
-- the flush of the one before: at one WAL flush per order, intake could not pass a few hundred orders
-- a second. The intake's statement says so with the transaction-local setting
-- `truckdesk.notified_after_commit` = the scope it will announce ('orders'); this trigger then leaves
-- that scope to it. Every other scope, and every other writer, notifies as before (migration 0001).
CREATE OR REPLACE FUNCTION td_cache_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  scope text := TG_ARGV[0];
  key_column text := TG_ARGV[1];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('td_cache', 'all');
    RETURN NULL;
  END IF;
  IF current_setting('truckdesk.notified_after_commit', true) = scope THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('SELECT count(pg_notify(''td_cache'', %L || '':'' || k)) FROM (SELECT DISTINCT %I::text AS k FROM old_rows) changed', scope, key_column);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('SELECT count(pg_notify(''td_cache'', %L || '':'' || k)) FROM (SELECT DISTINCT %I::text AS k FROM new_rows) changed', scope, key_column);
  END IF;
  RETURN NULL;
END
$$;
