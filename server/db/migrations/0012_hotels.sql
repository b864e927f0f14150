CREATE TABLE "hotel_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"user_id" integer,
	"channel" text NOT NULL,
	"supplier" text NOT NULL,
	"rate_id" text NOT NULL,
	"hotel_id" text NOT NULL,
	"city_id" integer NOT NULL,
	"hotel" jsonb NOT NULL,
	"room" jsonb NOT NULL,
	"board" text NOT NULL,
	"refundable" boolean NOT NULL,
	"free_cancellation_until" text,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"nights" integer NOT NULL,
	"rooms" jsonb NOT NULL,
	"guests" jsonb NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_country" text NOT NULL,
	"special_requests" text DEFAULT '' NOT NULL,
	"nightly" jsonb NOT NULL,
	"taxes_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"penalty_minor" bigint NOT NULL,
	"refund_minor" bigint,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"rooms_released_at" timestamp with time zone,
	"idempotency_key" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hotel_margins" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"type" text DEFAULT 'markup' NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_room_nights" (
	"city_id" integer NOT NULL,
	"hotel_id" text NOT NULL,
	"room_code" text NOT NULL,
	"date" date NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hotel_room_nights_hotel_id_room_code_date_pk" PRIMARY KEY("hotel_id","room_code","date"),
	CONSTRAINT "hotel_room_nights_sold_nonneg" CHECK ("hotel_room_nights"."sold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hotel_booking_id" integer;--> statement-breakpoint
ALTER TABLE "hotel_bookings" ADD CONSTRAINT "hotel_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_margins" ADD CONSTRAINT "hotel_margins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_bookings_reference_uq" ON "hotel_bookings" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_bookings_idempotency_uq" ON "hotel_bookings" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "hotel_bookings_user_idx" ON "hotel_bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "hotel_bookings_hold_idx" ON "hotel_bookings" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE INDEX "hotel_room_nights_city_idx" ON "hotel_room_nights" USING btree ("city_id","date");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_hotel_booking_id_hotel_bookings_id_fk" FOREIGN KEY ("hotel_booking_id") REFERENCES "public"."hotel_bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_hotel_booking_idx" ON "payments" USING btree ("hotel_booking_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_booking" CHECK (("payments"."booking_id" is null) <> ("payments"."hotel_booking_id" is null));