CREATE TABLE "booking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor_kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_passengers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"dob" date NOT NULL,
	"nationality" text NOT NULL,
	"document_type" text NOT NULL,
	"document_no" text NOT NULL,
	"expiry_date" date NOT NULL,
	"issue_country" text NOT NULL,
	"ticket_number" text
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"pnr" text NOT NULL,
	"supplier" text NOT NULL,
	"offer_id" text NOT NULL,
	"is_sooper" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_country" text NOT NULL,
	"flight_type" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"departure_date" date NOT NULL,
	"last_travel_date" date NOT NULL,
	"cabin" text NOT NULL,
	"itinerary" jsonb NOT NULL,
	"supplier_order" jsonb NOT NULL,
	"base_minor" bigint NOT NULL,
	"taxes_minor" bigint NOT NULL,
	"agent_markup_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"ticketed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"seats_released_at" timestamp with time zone,
	"dup_key" text NOT NULL,
	"idempotency_key" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_seats" (
	"flight_no" text NOT NULL,
	"date" date NOT NULL,
	"cabin" text NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flight_seats_flight_no_date_cabin_pk" PRIMARY KEY("flight_no","date","cabin"),
	CONSTRAINT "flight_seats_sold_nonneg" CHECK ("flight_seats"."sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracker" text,
	"payload" jsonb NOT NULL,
	"signature_valid" boolean NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracker" text NOT NULL,
	"booking_id" integer NOT NULL,
	"provider" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD CONSTRAINT "booking_passengers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_passengers_pos_uq" ON "booking_passengers" USING btree ("booking_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_pnr_uq" ON "bookings" USING btree ("pnr");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency_uq" ON "bookings" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_dup_uq" ON "bookings" USING btree ("dup_key") WHERE "bookings"."status" in ('booked', 'ticketed', 'requested', 'pending');--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_hold_idx" ON "bookings" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE INDEX "bookings_release_idx" ON "bookings" USING btree ("status","seats_released_at");--> statement-breakpoint
CREATE INDEX "payment_callbacks_tracker_idx" ON "payment_callbacks" USING btree ("tracker");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_tracker_uq" ON "payments" USING btree ("tracker");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");