CREATE TABLE "truck_invoice_counters" (
	"truck_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_tax_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "zatca_qr" text;--> statement-breakpoint
ALTER TABLE "truck_invoice_counters" ADD CONSTRAINT "truck_invoice_counters_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_truck_invoice_number_key" ON "orders" USING btree ("truck_id","invoice_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_check" CHECK (("orders"."invoice_number" IS NULL) = ("orders"."invoiced_at" IS NULL) AND ("orders"."invoice_number" IS NULL OR "orders"."invoice_number" > 0));