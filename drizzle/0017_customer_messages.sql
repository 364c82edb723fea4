CREATE TABLE "customer_messages" (
	"truck_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text,
	"recipient" text,
	"body" text,
	"provider_id" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_messages_truck_id_order_id_version_pk" PRIMARY KEY("truck_id","order_id","version")
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_notifications" (
	"truck_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"phone" text,
	"email" text,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notifications_truck_id_order_id_pk" PRIMARY KEY("truck_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_truck_id_order_id_orders_truck_id_id_fk" FOREIGN KEY ("truck_id","order_id") REFERENCES "public"."orders"("truck_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD CONSTRAINT "order_notifications_truck_id_order_id_orders_truck_id_id_fk" FOREIGN KEY ("truck_id","order_id") REFERENCES "public"."orders"("truck_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_messages_due_idx" ON "customer_messages" USING btree ("next_attempt_at") WHERE state = 'queued';--> statement-breakpoint
-- Hand-written: each change of an order whose customer asked to be told by SMS, WhatsApp or e-mail
-- puts one message into the outbox, in the transaction that changes the order (the job sends it).
CREATE FUNCTION customer_messages_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  message_kind text;
BEGIN
  message_kind := CASE
    WHEN NEW.action = 'delay' THEN 'delayed'
    WHEN NEW.action = 'accept' THEN 'accepted'
    WHEN NEW.status = 'ready' THEN 'ready'
    WHEN NEW.status = 'out_for_delivery' THEN 'out_for_delivery'
    WHEN NEW.status = 'rejected' THEN 'rejected'
    WHEN NEW.status IN ('cancelled', 'expired') AND NEW.action <> 'withdraw' THEN 'cancelled'
    ELSE NULL
  END;
  IF message_kind IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO customer_messages (truck_id, order_id, version, kind)
  SELECT NEW.truck_id, NEW.order_id, NEW.version, message_kind
  FROM order_notifications n
  WHERE n.truck_id = NEW.truck_id AND n.order_id = NEW.order_id AND n.channel <> 'page'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customer_messages_enqueue AFTER INSERT ON order_history FOR EACH ROW EXECUTE FUNCTION customer_messages_enqueue();
