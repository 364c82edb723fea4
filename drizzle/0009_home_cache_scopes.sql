-- The read cache (migration 0001) hears of documents and opening hours under the truck's scope: the
-- home summary kept there depends on them as it does on the truck row.
CREATE TRIGGER td_cache_truck_documents_insert AFTER INSERT ON truck_documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_documents_update AFTER UPDATE ON truck_documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_documents_delete AFTER DELETE ON truck_documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_schedules_insert AFTER INSERT ON truck_schedules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_schedules_update AFTER UPDATE ON truck_schedules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_truck_schedules_delete AFTER DELETE ON truck_schedules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('truck', 'truck_id');
