CREATE TABLE "booking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'online' NOT NULL,
	"void_charge_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Karachi' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_single_row" CHECK ("booking_settings"."id" = 1),
	CONSTRAINT "booking_settings_void_charge_nonneg" CHECK ("booking_settings"."void_charge_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "direct_bookings" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"source" text NOT NULL,
	"margin_minor" bigint DEFAULT 0 NOT NULL,
	"airline_pnr" text,
	"raw_display" text,
	"note" text,
	"entered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_bookings_margin_nonneg" CHECK ("direct_bookings"."margin_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"created_by" integer,
	"to_email" text NOT NULL,
	"to_name" text,
	"note" text,
	"offers" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_bookings" ADD CONSTRAINT "direct_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_bookings" ADD CONSTRAINT "direct_bookings_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_bookings" ADD CONSTRAINT "direct_bookings_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_bookings_agent_idx" ON "direct_bookings" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_created_by_idx" ON "quotes" USING btree ("created_by","created_at");