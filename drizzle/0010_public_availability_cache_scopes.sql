-- The read cache (migration 0001) hears of delivery zones under the truck's scope, and of slugs under
-- their own: the public availability answer (src/server/features/hours) keeps a truck's facts
-- (hours, documents, zones) and the truck a slug names until one of them changes.
CREATE TRIGGER td_cache_delivery_zones_insert AFTER INSERT ON delivery_zones REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_delivery_zones_update AFTER UPDATE ON delivery_zones REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_delivery_zones_delete AFTER DELETE ON delivery_zones REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_delivery_zones_truncate AFTER TRUNCATE ON delivery_zones FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('all', '');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_slugs_update AFTER UPDATE ON truck_slugs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('slug', 'slug');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_slugs_delete AFTER DELETE ON truck_slugs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('slug', 'slug');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_slugs_truncate AFTER TRUNCATE ON truck_slugs FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('all', '');
