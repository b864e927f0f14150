CREATE TABLE "aircraft" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"manufacturer" text NOT NULL,
	"seats" integer NOT NULL,
	"range_km" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"airline_code" text NOT NULL,
	"flight_number" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"departure_date" date NOT NULL,
	"departure_time" text NOT NULL,
	"arrival_time" text NOT NULL,
	"arrival_day_offset" integer DEFAULT 0 NOT NULL,
	"return_flight_number" text,
	"return_date" date,
	"return_departure_time" text,
	"return_arrival_time" text,
	"return_arrival_day_offset" integer DEFAULT 0 NOT NULL,
	"seats_total" integer NOT NULL,
	"seats_available" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"refundable" boolean DEFAULT false NOT NULL,
	"baggage" text DEFAULT '20 kg' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_tickets_seats_ck" CHECK ("group_tickets"."seats_available" >= 0 and "group_tickets"."seats_available" <= "group_tickets"."seats_total")
);
--> statement-breakpoint
CREATE TABLE "header_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalogue" text NOT NULL,
	"file_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_ar" text,
	"destination" text NOT NULL,
	"country_code" text,
	"image" text,
	"nights" integer NOT NULL,
	"days" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"start_date" date,
	"end_date" date,
	"inclusions" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_price_ck" CHECK ("holidays"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"link" text,
	"is_home" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"contact_email" text,
	"phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "umrah_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_ar" text,
	"image" text,
	"days" integer NOT NULL,
	"makkah_hotel" text NOT NULL,
	"makkah_nights" integer NOT NULL,
	"madinah_hotel" text NOT NULL,
	"madinah_nights" integer NOT NULL,
	"hotel_stars" integer DEFAULT 3 NOT NULL,
	"departure_city" text,
	"departure_date" date,
	"price_quad_minor" integer NOT NULL,
	"price_triple_minor" integer,
	"price_double_minor" integer,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"includes_visa" boolean DEFAULT true NOT NULL,
	"includes_flights" boolean DEFAULT true NOT NULL,
	"includes_transport" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visas" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"country" text NOT NULL,
	"title" text NOT NULL,
	"title_ar" text,
	"visa_type" text DEFAULT 'tourist' NOT NULL,
	"flag_image" text,
	"image" text,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"processing_days" integer,
	"validity_days" integer,
	"stay_days" integer,
	"entry" text DEFAULT 'single' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visas_price_ck" CHECK ("visas"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"item_id" integer,
	"item_title" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"travellers" integer,
	"travel_date" date,
	"locale" text DEFAULT 'en' NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"staff_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"coverage_minor" integer NOT NULL,
	"coverage_currency" text DEFAULT 'USD' NOT NULL,
	"daily_rate_minor" integer NOT NULL,
	"min_premium_minor" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"regions" jsonb NOT NULL,
	"max_days" integer DEFAULT 180 NOT NULL,
	"max_age" integer DEFAULT 80 NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aircraft_code_uq" ON "aircraft" USING btree ("code");--> statement-breakpoint
CREATE INDEX "group_tickets_route_idx" ON "group_tickets" USING btree ("origin","destination","departure_date");--> statement-breakpoint
CREATE UNIQUE INDEX "header_images_uq" ON "header_images" USING btree ("catalogue","file_name");--> statement-breakpoint
CREATE INDEX "holidays_public_idx" ON "holidays" USING btree ("is_published","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_code_uq" ON "suppliers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "umrah_public_idx" ON "umrah_packages" USING btree ("is_published","sort_order");--> statement-breakpoint
CREATE INDEX "visas_public_idx" ON "visas" USING btree ("is_published","sort_order");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","id");