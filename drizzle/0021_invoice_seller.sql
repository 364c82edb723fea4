ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_seller_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_vat_number" text;--> statement-breakpoint
-- Orders invoiced before these columns: issued when last changed (completion is final), seller as the truck is now.
UPDATE "orders" o SET "invoiced_at" = o."updated_at", "invoice_seller_name" = coalesce(nullif(t."name_ar", ''), t."name_en"), "invoice_vat_number" = CASE WHEN t."tax_mode" = 'rate' THEN t."tax_registration_number" END FROM "trucks" t WHERE t."id" = o."truck_id" AND o."invoice_number" IS NOT NULL;
