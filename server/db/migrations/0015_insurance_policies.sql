CREATE TABLE "insurance_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_number" text NOT NULL,
	"status" text NOT NULL,
	"plan_id" integer,
	"plan" jsonb NOT NULL,
	"region" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"days" integer NOT NULL,
	"travellers" jsonb NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"channel" text NOT NULL,
	"created_by" integer,
	"hold_expires_at" timestamp with time zone,
	"idempotency_key" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_plan_id_insurance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."insurance_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_number_uq" ON "insurance_policies" USING btree ("policy_number");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_idempotency_uq" ON "insurance_policies" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "insurance_policies_user_idx" ON "insurance_policies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "insurance_policies_status_idx" ON "insurance_policies" USING btree ("status","hold_expires_at");