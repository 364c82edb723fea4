CREATE TABLE "order_item_sales_daily" (
	"truck_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"item_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"quantity" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "order_item_sales_daily_truck_id_business_date_item_id_pk" PRIMARY KEY("truck_id","business_date","item_id")
);
--> statement-breakpoint
CREATE TABLE "order_sales_hourly" (
	"truck_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"hour" smallint NOT NULL,
	"orders" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "order_sales_hourly_truck_id_business_date_hour_pk" PRIMARY KEY("truck_id","business_date","hour")
);
--> statement-breakpoint
ALTER TABLE "order_item_sales_daily" ADD CONSTRAINT "order_item_sales_daily_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sales_hourly" ADD CONSTRAINT "order_sales_hourly_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;