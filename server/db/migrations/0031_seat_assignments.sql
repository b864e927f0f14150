CREATE TABLE "seat_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_no" text NOT NULL,
	"date" date NOT NULL,
	"designator" text NOT NULL,
	"booking_id" integer NOT NULL,
	"passenger_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_assignments_segment_seat_key" UNIQUE("flight_no","date","designator"),
	CONSTRAINT "seat_assignments_segment_passenger_key" UNIQUE("flight_no","date","passenger_id")
);
--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_passenger_id_booking_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."booking_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_assignments_booking_idx" ON "seat_assignments" USING btree ("booking_id");