-- /home's sales rollups (src/server/db/tables/home.ts), kept by the database: whoever writes orders
-- (the app, the demo seed, a bulk load, psql), the figures follow. Statement-level triggers with
-- transition tables, so a statement touching many orders pays one grouped upsert, not one per row.
-- A sale is an order in any status but rejected, cancelled or expired (NOT_SOLD_STATUSES in
-- src/domain/home.ts). Orders are only ever deleted with their truck, which takes its rows along.
CREATE FUNCTION td_home_is_sale(status text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT status NOT IN ('rejected', 'cancelled', 'expired') $$;
--> statement-breakpoint
CREATE FUNCTION td_home_orders_placed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_sales_hourly AS s (truck_id, business_date, hour, orders, revenue)
  SELECT n.truck_id, n.business_date, extract(hour FROM n.created_at AT TIME ZONE t.time_zone)::smallint, count(*), sum(n.total)
  FROM new_rows n JOIN trucks t ON t.id = n.truck_id
  WHERE td_home_is_sale(n.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (truck_id, business_date, hour) DO UPDATE SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order leaving the sales (rejected, expired, cancelled) takes its figures with it; none comes back today, but the rule is symmetric.
CREATE FUNCTION td_home_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH moves AS (
    SELECT n.truck_id, n.id, n.business_date, n.created_at, n.total, CASE WHEN td_home_is_sale(n.status) THEN 1 ELSE -1 END AS sign
    FROM new_rows n JOIN old_rows o ON o.truck_id = n.truck_id AND o.id = n.id
    WHERE td_home_is_sale(n.status) <> td_home_is_sale(o.status)
  ),
  hourly AS (
    INSERT INTO order_sales_hourly AS s (truck_id, business_date, hour, orders, revenue)
    SELECT m.truck_id, m.business_date, extract(hour FROM m.created_at AT TIME ZONE t.time_zone)::smallint, sum(m.sign), sum(m.sign * m.total)
    FROM moves m JOIN trucks t ON t.id = m.truck_id
    GROUP BY 1, 2, 3
    ON CONFLICT (truck_id, business_date, hour) DO UPDATE SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue
  )
  INSERT INTO order_item_sales_daily AS s (truck_id, business_date, item_id, name_en, name_ar, quantity, revenue)
  SELECT m.truck_id, m.business_date, l.item_id, max(l.name_en), max(l.name_ar), sum(m.sign * l.qty), sum(m.sign * l.total)
  FROM moves m JOIN order_lines l ON l.truck_id = m.truck_id AND l.order_id = m.id
  GROUP BY 1, 2, 3
  ON CONFLICT (truck_id, business_date, item_id) DO UPDATE SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION td_home_lines_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_item_sales_daily AS s (truck_id, business_date, item_id, name_en, name_ar, quantity, revenue)
  SELECT l.truck_id, o.business_date, l.item_id, max(l.name_en), max(l.name_ar), sum(l.qty), sum(l.total)
  FROM new_rows l JOIN orders o ON o.truck_id = l.truck_id AND o.id = l.order_id
  WHERE td_home_is_sale(o.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (truck_id, business_date, item_id) DO UPDATE
    SET name_en = excluded.name_en, name_ar = excluded.name_ar, quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER td_home_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_home_orders_placed();
--> statement-breakpoint
CREATE TRIGGER td_home_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_home_orders_changed();
--> statement-breakpoint
CREATE TRIGGER td_home_order_lines_insert AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_home_lines_added();
--> statement-breakpoint
-- Orders placed before this migration.
INSERT INTO order_sales_hourly (truck_id, business_date, hour, orders, revenue)
SELECT o.truck_id, o.business_date, extract(hour FROM o.created_at AT TIME ZONE t.time_zone)::smallint, count(*), sum(o.total)
FROM orders o JOIN trucks t ON t.id = o.truck_id
WHERE td_home_is_sale(o.status)
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO order_item_sales_daily (truck_id, business_date, item_id, name_en, name_ar, quantity, revenue)
SELECT l.truck_id, o.business_date, l.item_id, max(l.name_en), max(l.name_ar), sum(l.qty), sum(l.total)
FROM order_lines l JOIN orders o ON o.truck_id = l.truck_id AND o.id = l.order_id
WHERE td_home_is_sale(o.status)
GROUP BY 1, 2, 3;
