CREATE TABLE "order_refunds" (
	"truck_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"net_sales_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"delivery_fee_minor" bigint NOT NULL,
	"tip_minor" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"by_user_id" uuid,
	"by_name" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_refunds_truck_id_id_pk" PRIMARY KEY("truck_id","id"),
	CONSTRAINT "order_refunds_money_check" CHECK ("order_refunds"."amount_minor" > 0 AND "order_refunds"."amount_minor" = "order_refunds"."net_sales_minor" + "order_refunds"."tax_minor" + "order_refunds"."delivery_fee_minor" + "order_refunds"."tip_minor")
);
--> statement-breakpoint
ALTER TABLE "order_sales_hourly" ADD COLUMN "refunds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "staff_may_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_truck_id_order_id_orders_truck_id_id_fk" FOREIGN KEY ("truck_id","order_id") REFERENCES "public"."orders"("truck_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_truck_order_idx" ON "order_refunds" USING btree ("truck_id","order_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_minor" BETWEEN 0 AND "orders"."total");--> statement-breakpoint
-- Hand-written (issue 44): refunds in /home's hourly rollup, in the hour of the order they give money
-- back on. `refunds` counts every refund's amount apart; a sale's refund also takes its net sales out of
-- `revenue` and its tip out of `tips`, so revenue stays Σ net sales of the sales − Σ their refunds' net
-- sales. A refund on an order that is no sale any more (cancelled when paid: the cancel took its whole net
-- sales out already) changes `refunds` alone. The refunds' parts are the domain's (orders/refunds.ts).
CREATE FUNCTION td_home_refunds_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_sales_hourly AS s (truck_id, business_date, hour, orders, revenue, tips, refunds)
  SELECT r.truck_id, o.business_date, extract(hour FROM o.created_at AT TIME ZONE t.time_zone)::smallint, 0,
    sum(CASE WHEN td_home_is_sale(o.status) THEN -r.net_sales_minor ELSE 0 END),
    sum(CASE WHEN td_home_is_sale(o.status) THEN -r.tip_minor ELSE 0 END),
    sum(r.amount_minor)
  FROM new_rows r JOIN orders o ON o.truck_id = r.truck_id AND o.id = r.order_id JOIN trucks t ON t.id = r.truck_id
  GROUP BY 1, 2, 3
  ON CONFLICT (truck_id, business_date, hour) DO UPDATE
    SET revenue = s.revenue + excluded.revenue, tips = s.tips + excluded.tips, refunds = s.refunds + excluded.refunds;
  -- The items given back leave the item figures too (quantity and net sales), for a sale.
  INSERT INTO order_item_sales_daily AS s (truck_id, business_date, item_id, name_en, name_ar, quantity, revenue)
  SELECT r.truck_id, o.business_date, l.item_id, max(l.name_en), max(l.name_ar), -sum(x.qty), -sum(x."netSalesMinor")
  FROM new_rows r
  JOIN orders o ON o.truck_id = r.truck_id AND o.id = r.order_id
  CROSS JOIN LATERAL jsonb_to_recordset(r.lines) AS x("lineNo" int, qty int, "netSalesMinor" bigint)
  JOIN order_lines l ON l.truck_id = r.truck_id AND l.order_id = r.order_id AND l.line_no = x."lineNo"
  WHERE td_home_is_sale(o.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (truck_id, business_date, item_id) DO UPDATE SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER td_home_order_refunds_insert AFTER INSERT ON order_refunds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION td_home_refunds_added();
--> statement-breakpoint
-- An order that stops (or starts again) being a sale moves its net sales, tip and items less what its
-- refunds already moved: 0016's function, with the refunds' parts taken off.
CREATE OR REPLACE FUNCTION td_home_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH moves AS (
    SELECT n.truck_id, n.id, n.business_date, n.created_at, n.prices_include_tax,
      n.subtotal - n.discount_minor - CASE WHEN n.prices_include_tax THEN n.tax_minor - n.delivery_fee_tax_minor ELSE 0 END
        - coalesce(back.net_sales, 0) AS net_sales,
      n.tip_minor - coalesce(back.tips, 0) AS tip_minor, CASE WHEN td_home_is_sale(n.status) THEN 1 ELSE -1 END AS sign,
      n.refunded_minor > 0 AS refunded
    FROM new_rows n JOIN old_rows o ON o.truck_id = n.truck_id AND o.id = n.id
    LEFT JOIN LATERAL (
      SELECT sum(r.net_sales_minor) AS net_sales, sum(r.tip_minor) AS tips FROM order_refunds r WHERE r.truck_id = n.truck_id AND r.order_id = n.id
    ) back ON n.refunded_minor > 0
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
  SELECT m.truck_id, m.business_date, l.item_id, max(l.name_en), max(l.name_ar), sum(m.sign * (l.qty - coalesce(back.qty, 0))),
    sum(m.sign * (l.total - l.discount_minor - CASE WHEN m.prices_include_tax THEN l.tax_minor ELSE 0 END - coalesce(back.net_sales, 0)))
  FROM moves m JOIN order_lines l ON l.truck_id = m.truck_id AND l.order_id = m.id
  LEFT JOIN LATERAL (
    SELECT sum((x ->> 'qty')::int) AS qty, sum((x ->> 'netSalesMinor')::bigint) AS net_sales
    FROM order_refunds r, jsonb_array_elements(r.lines) AS x
    WHERE r.truck_id = l.truck_id AND r.order_id = l.order_id AND (x ->> 'lineNo')::int = l.line_no
  ) back ON m.refunded
  GROUP BY 1, 2, 3
  ON CONFLICT (truck_id, business_date, item_id) DO UPDATE SET quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
