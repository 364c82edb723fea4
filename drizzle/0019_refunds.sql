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
ALTER TABLE "orders" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "staff_may_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_truck_id_order_id_orders_truck_id_id_fk" FOREIGN KEY ("truck_id","order_id") REFERENCES "public"."orders"("truck_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_truck_order_idx" ON "order_refunds" USING btree ("truck_id","order_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_minor" BETWEEN 0 AND "orders"."total");