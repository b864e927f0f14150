ALTER TABLE "supplier_orders" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD COLUMN "abandoned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_unreleased_order_idx" ON "bookings" USING btree ("seats_released_at") WHERE "bookings"."status" in ('canceled', 'voided') and "bookings"."supplier_order"->>'status' in ('booked', 'ticketed');--> statement-breakpoint
CREATE INDEX "supplier_orders_unattached_idx" ON "supplier_orders" USING btree ("updated_at") WHERE "supplier_orders"."attached_at" is null;--> statement-breakpoint
-- Orders that already have their booking were taken by it; only true orphans are left for the job.
UPDATE "supplier_orders" SET "attached_at" = "created_at" WHERE EXISTS (SELECT 1 FROM "bookings" b WHERE b."pnr" = "supplier_orders"."pnr" AND b."supplier" = "supplier_orders"."supplier");
