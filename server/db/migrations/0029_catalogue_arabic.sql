ALTER TABLE "holidays" ADD COLUMN "destination_ar" text;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "inclusions_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "umrah_packages" ADD COLUMN "makkah_hotel_ar" text;--> statement-breakpoint
ALTER TABLE "umrah_packages" ADD COLUMN "madinah_hotel_ar" text;--> statement-breakpoint
ALTER TABLE "umrah_packages" ADD COLUMN "departure_city_ar" text;--> statement-breakpoint
ALTER TABLE "umrah_packages" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visas" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visas" ADD COLUMN "requirements_ar" text DEFAULT '' NOT NULL;