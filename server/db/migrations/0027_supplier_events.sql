CREATE TABLE "supplier_events" (
	"id" text PRIMARY KEY NOT NULL,
	"supplier" text NOT NULL,
	"type" text NOT NULL,
	"booking_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
