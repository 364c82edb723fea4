-- The read cache (migration 0001) hears of menu changes under `menu:<truck_id>`: every menu change
-- bumps the truck's menu_versions row in its own transaction (decision 007), so the public menu
-- (src/server/db/queries/public-menu.ts) keeps the version it was built at until this names it,
-- instead of asking the database on every request.
CREATE TRIGGER td_cache_menu_versions_insert AFTER INSERT ON menu_versions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('menu', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_menu_versions_update AFTER UPDATE ON menu_versions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('menu', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_menu_versions_delete AFTER DELETE ON menu_versions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('menu', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_menu_versions_truncate AFTER TRUNCATE ON menu_versions FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('all', '');
