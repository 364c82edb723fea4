CREATE TABLE "order_tab_counts" (
	"truck_id" uuid NOT NULL,
	"tab" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"delta" integer NOT NULL,
	CONSTRAINT "order_tab_counts_truck_id_tab_id_pk" PRIMARY KEY("truck_id","tab","id")
);
--> statement-breakpoint
ALTER TABLE "order_tab_counts" ADD CONSTRAINT "order_tab_counts_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;