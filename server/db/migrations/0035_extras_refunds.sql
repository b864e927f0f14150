ALTER TABLE "supplier_events" ADD COLUMN "work" jsonb;--> statement-breakpoint
ALTER TABLE "supplier_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_events" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "children" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "infants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_extras" ADD COLUMN "fare_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "extra_purchases" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "supplier_events_pending_idx" ON "supplier_events" USING btree ("received_at") WHERE "supplier_events"."processed_at" is null and "supplier_events"."work" is not null;--> statement-breakpoint
UPDATE "booking_extras" SET "fare_minor" = "price_minor" WHERE "purchase_id" IN (SELECT "id" FROM "extra_purchases" WHERE "paid_with" = 'booking');
