CREATE TABLE "package_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"user_id" integer,
	"channel" text NOT NULL,
	"package_kind" text NOT NULL,
	"package_id" integer NOT NULL,
	"departure_id" integer NOT NULL,
	"package" jsonb NOT NULL,
	"departure_date" date NOT NULL,
	"return_date" date NOT NULL,
	"sharing" text NOT NULL,
	"travellers" jsonb NOT NULL,
	"seats" integer NOT NULL,
	"per_person_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"refund_minor" bigint,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_country" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"idempotency_key" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "package_bookings_seats_ck" CHECK ("package_bookings"."seats" > 0)
);
--> statement-breakpoint
CREATE TABLE "package_departures" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_kind" text NOT NULL,
	"package_id" integer NOT NULL,
	"departure_date" date NOT NULL,
	"seats_total" integer NOT NULL,
	"seats_available" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_departures_seats_ck" CHECK ("package_departures"."seats_available" >= 0 and "package_departures"."seats_available" <= "package_departures"."seats_total")
);
--> statement-breakpoint
ALTER TABLE "package_bookings" ADD CONSTRAINT "package_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_bookings" ADD CONSTRAINT "package_bookings_departure_id_package_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."package_departures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_bookings_reference_uq" ON "package_bookings" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "package_bookings_idempotency_uq" ON "package_bookings" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "package_bookings_user_idx" ON "package_bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "package_bookings_hold_idx" ON "package_bookings" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "package_departures_date_uq" ON "package_departures" USING btree ("package_kind","package_id","departure_date");--> statement-breakpoint
-- An umrah package's single departure date becomes its first bookable departure (40 seats until staff say otherwise).
INSERT INTO "package_departures" ("package_kind", "package_id", "departure_date", "seats_total", "seats_available")
SELECT 'umrah', "id", "departure_date", 40, 40 FROM "umrah_packages" WHERE "departure_date" IS NOT NULL;
