CREATE TABLE "airlines" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"margin_type" text,
	"margin_mode" text,
	"margin_value" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
