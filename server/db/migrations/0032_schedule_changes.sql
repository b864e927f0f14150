CREATE TABLE "flight_schedule_overrides" (
	"flight_no" text NOT NULL,
	"date" date NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"departure_at" timestamp with time zone,
	"arrival_at" timestamp with time zone,
	"new_flight_no" text,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_schedule_overrides_flight_no_date_pk" PRIMARY KEY("flight_no","date")
);
--> statement-breakpoint
CREATE TABLE "schedule_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"flight_no" text NOT NULL,
	"date" date NOT NULL,
	"change_key" text NOT NULL,
	"kind" text NOT NULL,
	"old_segment" jsonb NOT NULL,
	"new_segment" jsonb,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "flight_schedule_overrides" ADD CONSTRAINT "flight_schedule_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_changes" ADD CONSTRAINT "schedule_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_changes" ADD CONSTRAINT "schedule_changes_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_changes_booking_change_uq" ON "schedule_changes" USING btree ("booking_id","change_key");--> statement-breakpoint
CREATE INDEX "schedule_changes_booking_idx" ON "schedule_changes" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "schedule_changes_unanswered_idx" ON "schedule_changes" USING btree ("created_at") WHERE "schedule_changes"."answer" is null;