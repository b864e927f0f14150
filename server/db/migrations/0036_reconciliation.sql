CREATE TABLE "credit_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"level" integer NOT NULL,
	"available_minor" bigint NOT NULL,
	"limit_minor" bigint NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_limit_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"previous_limit_minor" bigint NOT NULL,
	"limit_minor" bigint NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"document_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"passenger" text NOT NULL,
	"route" text NOT NULL,
	"fare_minor" bigint NOT NULL,
	"taxes_minor" bigint NOT NULL,
	"commission_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"transaction_type" text NOT NULL,
	"match_status" text NOT NULL,
	"booking_id" integer,
	"pnr" text,
	"expected_net_minor" bigint,
	"difference_minor" bigint DEFAULT 0 NOT NULL,
	"memo_state" text,
	"memo_note" text
);
--> statement-breakpoint
CREATE TABLE "reconciliation_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"currency" text NOT NULL,
	"file_name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer
);
--> statement-breakpoint
CREATE TABLE "settlement_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"account" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_statement_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"kind" text NOT NULL,
	"document_number" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_statement_adjustments_amount_ck" CHECK ("supplier_statement_adjustments"."kind" = 'ALTER' or "supplier_statement_adjustments"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_not_negative";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agency_role" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "credit_limit_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "credit_alert_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "credit_alerts" ADD CONSTRAINT "credit_alerts_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_limit_changes" ADD CONSTRAINT "credit_limit_changes_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_limit_changes" ADD CONSTRAINT "credit_limit_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_audit" ADD CONSTRAINT "agency_audit_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_audit" ADD CONSTRAINT "agency_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_lines" ADD CONSTRAINT "reconciliation_lines_statement_id_reconciliation_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."reconciliation_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_lines" ADD CONSTRAINT "reconciliation_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_statements" ADD CONSTRAINT "reconciliation_statements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_statements" ADD CONSTRAINT "reconciliation_statements_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_statement_id_reconciliation_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."reconciliation_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_statement_adjustments" ADD CONSTRAINT "supplier_statement_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_alerts_unsent_idx" ON "credit_alerts" USING btree ("sent_at","id");--> statement-breakpoint
CREATE INDEX "credit_limit_changes_agent_idx" ON "credit_limit_changes" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "agency_audit_agency_idx" ON "agency_audit" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_lines_line_uq" ON "reconciliation_lines" USING btree ("statement_id","line_no");--> statement-breakpoint
CREATE INDEX "reconciliation_lines_status_idx" ON "reconciliation_lines" USING btree ("statement_id","match_status");--> statement-breakpoint
CREATE INDEX "reconciliation_statements_period_idx" ON "reconciliation_statements" USING btree ("supplier","period_from","period_to");--> statement-breakpoint
CREATE INDEX "settlement_entries_statement_idx" ON "settlement_entries" USING btree ("statement_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_agency_idx" ON "users" USING btree ("agency_id");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_within_credit" CHECK ("wallets"."balance_minor" >= -"wallets"."credit_limit_minor");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_credit_not_negative" CHECK ("wallets"."credit_limit_minor" >= 0);