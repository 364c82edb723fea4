CREATE TABLE "truck_invitations" (
	"truck_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"nonce_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "truck_invitations_truck_id_id_pk" PRIMARY KEY("truck_id","id")
);
--> statement-breakpoint
ALTER TABLE "truck_invitations" ADD CONSTRAINT "truck_invitations_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_invitations" ADD CONSTRAINT "truck_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_invitations" ADD CONSTRAINT "truck_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "truck_invitations_open_email_key" ON "truck_invitations" USING btree ("truck_id",lower("email")) WHERE "truck_invitations"."accepted_at" IS NULL AND "truck_invitations"."withdrawn_at" IS NULL;--> statement-breakpoint
CREATE INDEX "truck_invitations_invited_by_idx" ON "truck_invitations" USING btree ("invited_by","sent_at");