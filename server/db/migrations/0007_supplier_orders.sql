CREATE TABLE "supplier_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier" text NOT NULL,
	"pnr" text NOT NULL,
	"order" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_orders_supplier_pnr_key" UNIQUE("supplier","pnr")
);
