CREATE TABLE "booking_extras" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	"passenger_id" integer NOT NULL,
	"passenger" integer NOT NULL,
	"flight_no" text NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"designator" text,
	"service_id" text,
	"weight_kg" integer,
	"quantity" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"replaced_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extra_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"idempotency_key" text,
	"paid_with" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "extra_purchases_booking_key" UNIQUE("booking_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "booking_extras" ADD CONSTRAINT "booking_extras_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_extras" ADD CONSTRAINT "booking_extras_purchase_id_extra_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."extra_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_extras" ADD CONSTRAINT "booking_extras_passenger_id_booking_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."booking_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_purchases" ADD CONSTRAINT "extra_purchases_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_extras_booking_idx" ON "booking_extras" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_extras_purchase_idx" ON "booking_extras" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "extra_purchases_status_idx" ON "extra_purchases" USING btree ("status","created_at");