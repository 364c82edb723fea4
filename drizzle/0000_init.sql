CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text,
	"phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"avatar_path" text,
	"roles" text[] DEFAULT ARRAY['Applicant']::text[] NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_tickets" (
	"truck_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stream_tickets_truck_id_token_hash_pk" PRIMARY KEY("truck_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "truck_event_counters" (
	"truck_id" uuid PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_events" (
	"truck_id" uuid NOT NULL,
	"id" bigint NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_events_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
CREATE TABLE "truck_schedules" (
	"truck_id" uuid PRIMARY KEY NOT NULL,
	"days" jsonb NOT NULL,
	"exceptions" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_categories" (
	"truck_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "menu_categories_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"truck_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"photo_id" uuid,
	"prep_minutes" integer,
	"calories" integer,
	"tags" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"position" integer NOT NULL,
	"sold_out_until" timestamp with time zone,
	"sold_out_indefinitely" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "menu_items_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
CREATE TABLE "menu_option_groups" (
	"truck_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"min_selections" integer DEFAULT 0 NOT NULL,
	"max_selections" integer DEFAULT 1 NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "menu_option_groups_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
CREATE TABLE "menu_options" (
	"truck_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"price_delta_minor" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"sold_out_until" timestamp with time zone,
	"sold_out_indefinitely" boolean DEFAULT false NOT NULL,
	CONSTRAINT "menu_options_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
CREATE TABLE "menu_versions" (
	"truck_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_day_counters" (
	"truck_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "order_day_counters_truck_id_business_date_pk" PRIMARY KEY("truck_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"truck_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"actor_name" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_history_truck_id_order_id_version_pk" PRIMARY KEY("truck_id","order_id","version")
);
--> statement-breakpoint
CREATE TABLE "order_idempotency_keys" (
	"truck_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_idempotency_keys_truck_id_key_pk" PRIMARY KEY("truck_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"truck_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"item_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"qty" integer NOT NULL,
	"options" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "order_lines_truck_id_order_id_line_no_pk" PRIMARY KEY("truck_id","order_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"truck_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"tab" text GENERATED ALWAYS AS (CASE status WHEN 'pending' THEN 'pending' WHEN 'accepted' THEN 'in_progress' WHEN 'preparing' THEN 'in_progress' WHEN 'ready' THEN 'ready' WHEN 'out_for_delivery' THEN 'ready' WHEN 'completed' THEN 'completed' WHEN 'rejected' THEN 'closed' WHEN 'cancelled' THEN 'closed' WHEN 'expired' THEN 'closed' END) STORED NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"delivery_address" text,
	"delivery_lat" double precision,
	"delivery_lng" double precision,
	"zone_name" text,
	"item_count" integer NOT NULL,
	"subtotal" bigint NOT NULL,
	"delivery_fee" bigint NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"requested_time" timestamp with time zone,
	"estimated_ready_at" timestamp with time zone,
	"accept_by" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "orders_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
CREATE TABLE "truck_documents" (
	"truck_id" uuid NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"issuer" text NOT NULL,
	"issue_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"file_id" uuid NOT NULL,
	"review_state" text DEFAULT 'pending' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_documents_truck_id_type_pk" PRIMARY KEY("truck_id","type")
);
--> statement-breakpoint
CREATE TABLE "truck_members" (
	"truck_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'staff' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_members_truck_id_user_id_pk" PRIMARY KEY("truck_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "truck_review_events" (
	"truck_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "truck_review_events_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
CREATE TABLE "truck_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"truck_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_uploads" (
	"truck_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"original_name" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_uploads_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
CREATE TABLE "trucks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"slug" text,
	"name_en" text DEFAULT '' NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"cuisines" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"logo_id" uuid,
	"photo_ids" uuid[] DEFAULT ARRAY[]::uuid[] NOT NULL,
	"base_city" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"phone" text,
	"email" text,
	"currency" text DEFAULT 'KWD' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Kuwait' NOT NULL,
	"vehicle_length_m" double precision,
	"power_source" text,
	"license_plate" text DEFAULT '' NOT NULL,
	"review_notes" text,
	"available_to_arrive" boolean DEFAULT true NOT NULL,
	"acceptance_window_minutes" integer DEFAULT 10 NOT NULL,
	"default_prep_minutes" integer DEFAULT 15 NOT NULL,
	"auto_accept" boolean DEFAULT false NOT NULL,
	"paused_until" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"truck_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"shape" jsonb NOT NULL,
	"fee_rules" jsonb NOT NULL,
	"minimum_order" bigint DEFAULT 0 NOT NULL,
	"estimated_minutes" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_tickets" ADD CONSTRAINT "stream_tickets_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_tickets" ADD CONSTRAINT "stream_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_event_counters" ADD CONSTRAINT "truck_event_counters_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_events" ADD CONSTRAINT "truck_events_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_schedules" ADD CONSTRAINT "truck_schedules_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_truck_id_category_id_menu_categories_truck_id_id_fk" FOREIGN KEY ("truck_id","category_id") REFERENCES "public"."menu_categories"("truck_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_truck_id_photo_id_truck_uploads_truck_id_id_fk" FOREIGN KEY ("truck_id","photo_id") REFERENCES "public"."truck_uploads"("truck_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_option_groups" ADD CONSTRAINT "menu_option_groups_truck_id_item_id_menu_items_truck_id_id_fk" FOREIGN KEY ("truck_id","item_id") REFERENCES "public"."menu_items"("truck_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_options" ADD CONSTRAINT "menu_options_truck_id_group_id_menu_option_groups_truck_id_id_fk" FOREIGN KEY ("truck_id","group_id") REFERENCES "public"."menu_option_groups"("truck_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_versions" ADD CONSTRAINT "menu_versions_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_day_counters" ADD CONSTRAINT "order_day_counters_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_truck_id_order_id_orders_truck_id_id_fk" FOREIGN KEY ("truck_id","order_id") REFERENCES "public"."orders"("truck_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_idempotency_keys" ADD CONSTRAINT "order_idempotency_keys_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_truck_id_order_id_orders_truck_id_id_fk" FOREIGN KEY ("truck_id","order_id") REFERENCES "public"."orders"("truck_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_documents" ADD CONSTRAINT "truck_documents_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_documents" ADD CONSTRAINT "truck_documents_truck_id_file_id_truck_uploads_truck_id_id_fk" FOREIGN KEY ("truck_id","file_id") REFERENCES "public"."truck_uploads"("truck_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_members" ADD CONSTRAINT "truck_members_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_members" ADD CONSTRAINT "truck_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_review_events" ADD CONSTRAINT "truck_review_events_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_review_events" ADD CONSTRAINT "truck_review_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_uploads" ADD CONSTRAINT "truck_uploads_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_uploads" ADD CONSTRAINT "truck_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_id_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "stream_tickets_expires_idx" ON "stream_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "truck_events_created_idx" ON "truck_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "menu_categories_truck_position_idx" ON "menu_categories" USING btree ("truck_id","position");--> statement-breakpoint
CREATE INDEX "menu_items_truck_category_position_idx" ON "menu_items" USING btree ("truck_id","category_id","position");--> statement-breakpoint
CREATE INDEX "menu_option_groups_truck_item_idx" ON "menu_option_groups" USING btree ("truck_id","item_id");--> statement-breakpoint
CREATE INDEX "menu_options_truck_group_idx" ON "menu_options" USING btree ("truck_id","group_id");--> statement-breakpoint
CREATE INDEX "order_idempotency_keys_created_idx" ON "order_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_truck_day_number_key" ON "orders" USING btree ("truck_id","business_date","number");--> statement-breakpoint
CREATE INDEX "orders_truck_tab_created_idx" ON "orders" USING btree ("truck_id","tab","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_truck_created_idx" ON "orders" USING btree ("truck_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_pending_accept_by_idx" ON "orders" USING btree ("accept_by") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "truck_members_user_id_idx" ON "truck_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "truck_review_events_truck_at_idx" ON "truck_review_events" USING btree ("truck_id","at");--> statement-breakpoint
CREATE INDEX "trucks_owner_id_idx" ON "trucks" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "trucks_status_created_idx" ON "trucks" USING btree ("status","created_at","id");