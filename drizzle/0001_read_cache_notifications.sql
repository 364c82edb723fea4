-- The read cache's invalidations (src/server/platform/read-cache.ts): whenever rows the app caches
-- change, whoever changes them, every server process hears which scope to drop on channel td_cache.
-- Statement-level triggers with transition tables: one notification per scope per statement, however
-- many rows it touched; PostgreSQL folds repeats within a transaction and sends them on commit.
CREATE FUNCTION td_cache_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  scope text := TG_ARGV[0];
  key_column text := TG_ARGV[1];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('td_cache', 'all');
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
--> statement-breakpoint
CREATE TRIGGER td_cache_users_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('user', 'id');
--> statement-breakpoint
CREATE TRIGGER td_cache_users_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('user', 'id');
--> statement-breakpoint
CREATE TRIGGER td_cache_users_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('all', '');
--> statement-breakpoint
CREATE TRIGGER td_cache_sessions_update AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('session', 'id');
--> statement-breakpoint
CREATE TRIGGER td_cache_sessions_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('session', 'id');
--> statement-breakpoint
CREATE TRIGGER td_cache_sessions_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('all', '');
--> statement-breakpoint
CREATE TRIGGER td_cache_trucks_update AFTER UPDATE ON trucks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'id');
--> statement-breakpoint
CREATE TRIGGER td_cache_trucks_delete AFTER DELETE ON trucks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'id');
--> statement-breakpoint
CREATE TRIGGER td_cache_trucks_truncate AFTER TRUNCATE ON trucks FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('all', '');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_members_insert AFTER INSERT ON truck_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_members_update AFTER UPDATE ON truck_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_members_delete AFTER DELETE ON truck_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_members_truncate AFTER TRUNCATE ON truck_members FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('all', '');
--> statement-breakpoint
CREATE TRIGGER td_cache_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('orders', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('orders', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_orders_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('orders', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_orders_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('all', '');
