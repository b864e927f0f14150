CREATE TABLE "price_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"watch_key" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"departure_date" date,
	"return_date" date,
	"month" text,
	"adults" integer NOT NULL,
	"cabin_class" text NOT NULL,
	"currency" text NOT NULL,
	"seen_minor" integer,
	"notice_minor" integer,
	"fare_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_on" date,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "price_alerts_owner_watch_key" UNIQUE("user_id","watch_key")
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_checked_idx" ON "price_alerts" USING btree ("checked_on");