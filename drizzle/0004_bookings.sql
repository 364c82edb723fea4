CREATE TABLE "booking_calendar_feeds" (
	"truck_id" uuid PRIMARY KEY NOT NULL,
	"generation" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_counters" (
	"truck_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_history" (
	"truck_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"actor_name" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_history_truck_id_booking_id_version_pk" PRIMARY KEY("truck_id","booking_id","version")
);
--> statement-breakpoint
CREATE TABLE "booking_idempotency_keys" (
	"truck_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_idempotency_keys_truck_id_key_pk" PRIMARY KEY("truck_id","key")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"truck_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"tab" text GENERATED ALWAYS AS (CASE status WHEN 'pending' THEN 'pending' WHEN 'quoted' THEN 'quoted' WHEN 'confirmed' THEN 'confirmed' WHEN 'completed' THEN 'completed' WHEN 'declined' THEN 'closed' WHEN 'expired' THEN 'closed' WHEN 'cancelled' THEN 'closed' END) STORED NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text NOT NULL,
	"language" text NOT NULL,
	"event_type" text NOT NULL,
	"service_model" text NOT NULL,
	"event_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"setup_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"guest_count" integer NOT NULL,
	"menu_notes" text DEFAULT '' NOT NULL,
	"budget" bigint,
	"currency" text NOT NULL,
	"quote_amount" bigint,
	"quote_deposit" bigint,
	"quote_message" text,
	"quote_valid_until" timestamp with time zone,
	"deposit_received" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bookings_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
ALTER TABLE "booking_calendar_feeds" ADD CONSTRAINT "booking_calendar_feeds_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_counters" ADD CONSTRAINT "booking_counters_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_truck_id_booking_id_bookings_truck_id_id_fk" FOREIGN KEY ("truck_id","booking_id") REFERENCES "public"."bookings"("truck_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_idempotency_keys" ADD CONSTRAINT "booking_idempotency_keys_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_calendar_feeds_token_hash_key" ON "booking_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "booking_idempotency_keys_created_idx" ON "booking_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_truck_number_key" ON "bookings" USING btree ("truck_id","number");--> statement-breakpoint
CREATE INDEX "bookings_truck_tab_created_idx" ON "bookings" USING btree ("truck_id","tab","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_truck_confirmed_window_idx" ON "bookings" USING btree ("truck_id","window_start") WHERE status = 'confirmed';--> statement-breakpoint
CREATE INDEX "bookings_open_expires_idx" ON "bookings" USING btree ("expires_at") WHERE status IN ('pending', 'quoted');