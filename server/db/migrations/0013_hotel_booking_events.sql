CREATE TABLE "hotel_booking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_booking_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor_kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hotel_booking_events" ADD CONSTRAINT "hotel_booking_events_hotel_booking_id_hotel_bookings_id_fk" FOREIGN KEY ("hotel_booking_id") REFERENCES "public"."hotel_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_booking_events" ADD CONSTRAINT "hotel_booking_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hotel_booking_events_booking_idx" ON "hotel_booking_events" USING btree ("hotel_booking_id","id");