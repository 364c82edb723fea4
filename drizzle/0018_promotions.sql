CREATE TABLE "promotion_redemptions" (
	"truck_id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"phone" text NOT NULL,
	"phone_key" text,
	"discount" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_redemptions_truck_id_promotion_id_id_pk" PRIMARY KEY("truck_id","promotion_id","id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"truck_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"discount" jsonb NOT NULL,
	"min_subtotal" bigint DEFAULT 0 NOT NULL,
	"valid_from" text,
	"valid_until" text,
	"window" jsonb,
	"fulfilment" text DEFAULT 'both' NOT NULL,
	"max_uses" integer,
	"one_per_phone" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_truck_id_id_pk" PRIMARY KEY("truck_id","id"),
	CONSTRAINT "promotions_uses_within_max" CHECK ("promotions"."max_uses" IS NULL OR "promotions"."uses" <= "promotions"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_truck_id_promotion_id_promotions_truck_id_id_fk" FOREIGN KEY ("truck_id","promotion_id") REFERENCES "public"."promotions"("truck_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_one_per_phone" ON "promotion_redemptions" USING btree ("truck_id","promotion_id","phone_key");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_order" ON "promotion_redemptions" USING btree ("truck_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_truck_code_key" ON "promotions" USING btree ("truck_id","code");