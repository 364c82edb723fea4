ALTER TABLE "order_sales_hourly" ADD COLUMN "tips" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_tax_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "tax_mode" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "prices_include_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "delivery_fee_taxed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "tax_registration_number" text;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "tips_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "tip_presets_bp" integer[] DEFAULT ARRAY[0, 500, 1000, 1500]::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "tip_cap_bp" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."discount_minor" >= 0 AND "orders"."discount_minor" <= "orders"."subtotal" AND "orders"."tax_minor" >= 0 AND "orders"."tip_minor" >= 0 AND "orders"."delivery_fee_tax_minor" BETWEEN 0 AND "orders"."tax_minor" AND "orders"."tax_rate_bp" BETWEEN 0 AND 10000);--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_money_check" CHECK ("trucks"."tax_rate_bp" BETWEEN 0 AND 10000 AND "trucks"."tip_cap_bp" BETWEEN 0 AND 10000);--> statement-breakpoint
-- Hand-written (issue 44, decision 017): /home's rollups count net sales — subtotal − discount, without
-- tax (with inclusive prices, less the lines' tax), tips and delivery fees; domain netSalesSql() — and
-- tips apart. Orders placed before this migration have tax, tip and discount 0: their net sales are
-- their subtotal (the rollup used to count their total, delivery fee included).
CREATE OR REPLACE FUNCTION td_home_orders_placed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_sales_hourly AS s (truck_id, business_date, hour, orders, revenue, tips)
  SELECT n.truck_id, n.business_date, extract(hour FROM n.created_at AT TIME ZONE t.time_zone)::smallint, count(*),
    sum(n.subtotal - n.discount_minor - CASE WHEN n.prices_include_tax THEN n.tax_minor - n.delivery_fee_tax_minor ELSE 0 END), sum(n.tip_minor)
  FROM new_rows n JOIN trucks t ON t.id = n.truck_id
  WHERE td_home_is_sale(n.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (truck_id, business_date, hour) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue, tips = s.tips + excluded.tips;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION td_home_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH moves AS (
    SELECT n.truck_id, n.id, n.business_date, n.created_at, n.prices_include_tax,
      n.subtotal - n.discount_minor - CASE WHEN n.prices_include_tax THEN n.tax_minor - n.delivery_fee_tax_minor ELSE 0 END AS net_sales,
      n.tip_minor, CASE WHEN td_home_is_sale(n.status) THEN 1 ELSE -1 END AS sign
    FROM new_rows n JOIN old_rows o ON o.truck_id = n.truck_id AND o.id = n.id
    WHERE td_home_is_sale(n.status) <> td_home_is_sale(o.status)
  ),
  hourly AS (
    INSERT INTO order_sales_hourly AS s (truck_id, business_date, hour, orders, revenue, tips)
    SELECT m.truck_id, m.business_date, extract(hour FROM m.created_at AT TIME ZONE t.time_zone)::smallint, sum(m.sign), sum(m.sign * m.net_sales), sum(m.sign * m.tip_minor)
    FROM moves m JOIN trucks t ON t.id = m.truck_id
    GROUP BY 1, 2, 3
    ON CONFLICT (truck_id, business_date, hour) DO UPDATE
      SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue, tips = s.tips + excluded.tips
  )
  INSERT INTO order_item_sales_daily AS s (truck_id, business_date, item_id, name_en, name_ar, quantity, revenue)
  SELECT m.truck_id, m.business_date, l.item_id, max(l.name_en), max(l.name_ar), sum(m.sign * l.qty),
    sum(m.sign * (l.total - l.discount_minor - CASE WHEN m.prices_include_tax THEN l.tax_minor ELSE 0 END))
  FROM moves m JOIN order_lines l ON l.truck_id = m.truck_id AND l.order_id = m.id
  GROUP BY 1, 2, 3
  ON CONFLICT (truck_id, business_date, item_id) DO UPDATE SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION td_home_lines_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_item_sales_daily AS s (truck_id, business_date, item_id, name_en, name_ar, quantity, revenue)
  SELECT l.truck_id, o.business_date, l.item_id, max(l.name_en), max(l.name_ar), sum(l.qty),
    sum(l.total - l.discount_minor - CASE WHEN o.prices_include_tax THEN l.tax_minor ELSE 0 END)
  FROM new_rows l JOIN orders o ON o.truck_id = l.truck_id AND o.id = l.order_id
  WHERE td_home_is_sale(o.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (truck_id, business_date, item_id) DO UPDATE
    SET name_en = excluded.name_en, name_ar = excluded.name_ar, quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The hourly rollup again from the orders, by the new definition (the item rollup already was net).
DELETE FROM order_sales_hourly;
--> statement-breakpoint
INSERT INTO order_sales_hourly (truck_id, business_date, hour, orders, revenue, tips)
SELECT o.truck_id, o.business_date, extract(hour FROM o.created_at AT TIME ZONE t.time_zone)::smallint, count(*),
  sum(o.subtotal - o.discount_minor - CASE WHEN o.prices_include_tax THEN o.tax_minor - o.delivery_fee_tax_minor ELSE 0 END), sum(o.tip_minor)
FROM orders o JOIN trucks t ON t.id = o.truck_id
WHERE td_home_is_sale(o.status)
GROUP BY 1, 2, 3;
