DROP INDEX "bookings_live_dup_uq";--> statement-breakpoint
DROP INDEX "bookings_unreleased_order_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_quote" jsonb;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "refund_charge_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_dup_uq" ON "bookings" USING btree ("dup_key") WHERE "bookings"."status" in ('booked', 'ticketed', 'requested', 'pending', 'refund_requested');--> statement-breakpoint
CREATE INDEX "bookings_unreleased_order_idx" ON "bookings" USING btree ("seats_released_at") WHERE "bookings"."status" in ('canceled', 'voided', 'refunded') and "bookings"."supplier_order"->>'status' in ('booked', 'ticketed');--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_refund_charge_nonneg" CHECK ("booking_settings"."refund_charge_minor" >= 0);