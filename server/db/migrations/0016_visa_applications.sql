CREATE TABLE "visa_application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor_kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visa_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"visa_id" integer,
	"visa" jsonb NOT NULL,
	"travel_date" date NOT NULL,
	"travellers" jsonb NOT NULL,
	"traveller_count" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_country" text NOT NULL,
	"rejection_reason" text,
	"idempotency_key" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "visa_application_events" ADD CONSTRAINT "visa_application_events_application_id_visa_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."visa_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_application_events" ADD CONSTRAINT "visa_application_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD CONSTRAINT "visa_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD CONSTRAINT "visa_applications_visa_id_visas_id_fk" FOREIGN KEY ("visa_id") REFERENCES "public"."visas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visa_application_events_app_idx" ON "visa_application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "visa_applications_reference_uq" ON "visa_applications" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "visa_applications_idempotency_uq" ON "visa_applications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "visa_applications_user_idx" ON "visa_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "visa_applications_status_idx" ON "visa_applications" USING btree ("status","created_at");