-- No double booking, as a rule of the database rather than of the code that checks first: two
-- confirmed bookings of one truck may not have overlapping busy windows (setup start to event end,
-- half-open so back-to-back events fit). Two confirmations racing on two connections: the second
-- waits for the first and fails with exclusion_violation (23P01). btree_gist lets the gist index
-- compare truck_id with =; it is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_no_double_booking
  EXCLUDE USING gist (truck_id WITH =, tstzrange(window_start, window_end, '[)') WITH &&)
  WHERE (status = 'confirmed');
--> statement-breakpoint
-- The read cache (decision 009): a truck's cached booking lists and counts are dropped whenever its
-- bookings change, whoever changes them, in every process.
CREATE TRIGGER td_cache_bookings_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('bookings', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_bookings_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('bookings', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_bookings_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('bookings', 'truck_id');
--> statement-breakpoint
CREATE TRIGGER td_cache_bookings_truncate AFTER TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION td_cache_notify('all', '');
