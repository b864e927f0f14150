ALTER TABLE "bookings" ADD COLUMN "reissued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_minor" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD COLUMN "reissue_charge_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_reissue_charge_nonneg" CHECK ("booking_settings"."reissue_charge_minor" >= 0);