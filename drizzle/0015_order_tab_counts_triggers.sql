-- The dashboard's tab counts (order_tab_counts, src/server/db/tables/orders.ts), kept by the
-- database: whoever writes orders (the app, the demo seed, a bulk load, psql), the counts follow.
-- Statement-level triggers with transition tables: a statement appends one delta row per truck and
-- tab it changed, never updating a shared row, so concurrent intake does not queue on a counter and
-- a transaction that moves orders takes no lock another one waits for. The tab is the orders' own
-- generated column (built from DASHBOARD_TABS in src/domain/orders/dashboard.ts): the status → tab
-- rule is written once, and nothing here repeats it.
CREATE FUNCTION td_order_tabs_placed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_tab_counts (truck_id, tab, delta)
  SELECT n.truck_id, n.tab, count(*) FROM new_rows n GROUP BY 1, 2;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every UPDATE fires it (PostgreSQL allows no column list with transition tables); one that moves no
-- order to another tab (an acknowledgement, a delay) nets to nothing and writes no row.
CREATE FUNCTION td_order_tabs_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_tab_counts (truck_id, tab, delta)
  SELECT m.truck_id, m.tab, sum(m.delta)
  FROM (SELECT o.truck_id, o.tab, -1 AS delta FROM old_rows o UNION ALL SELECT n.truck_id, n.tab, 1 FROM new_rows n) m
  GROUP BY 1, 2
  HAVING sum(m.delta) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A truck's deletion cascades to its orders after the truck row is gone: its counts go with it
-- (the foreign key's cascade), so deltas for a truck that no longer exists are not written.
CREATE FUNCTION td_order_tabs_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_tab_counts (truck_id, tab, delta)
  SELECT o.truck_id, o.tab, -count(*) FROM old_rows o
  WHERE EXISTS (SELECT FROM trucks t WHERE t.id = o.truck_id)
  GROUP BY 1, 2;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER td_order_tabs_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_order_tabs_placed();
--> statement-breakpoint
CREATE TRIGGER td_order_tabs_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_order_tabs_moved();
--> statement-breakpoint
CREATE TRIGGER td_order_tabs_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION td_order_tabs_deleted();
--> statement-breakpoint
-- Orders placed before this migration: one row per truck and tab.
INSERT INTO order_tab_counts (truck_id, tab, delta)
SELECT truck_id, tab, count(*) FROM orders GROUP BY 1, 2;
