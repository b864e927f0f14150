ALTER TABLE "bookings" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "seats" integer DEFAULT 0 NOT NULL;