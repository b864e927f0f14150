ALTER TABLE "hotel_bookings" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "package_bookings" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "hotel_bookings" ADD CONSTRAINT "hotel_bookings_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_bookings" ADD CONSTRAINT "package_bookings_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD CONSTRAINT "visa_applications_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
UPDATE "hotel_bookings" SET "agency_id" = coalesce("users"."agency_id", "users"."id") FROM "users" WHERE "users"."id" = "hotel_bookings"."user_id" AND "users"."role" = 'agent';
--> statement-breakpoint
UPDATE "insurance_policies" SET "agency_id" = coalesce("users"."agency_id", "users"."id") FROM "users" WHERE "users"."id" = "insurance_policies"."user_id" AND "users"."role" = 'agent';
--> statement-breakpoint
UPDATE "package_bookings" SET "agency_id" = coalesce("users"."agency_id", "users"."id") FROM "users" WHERE "users"."id" = "package_bookings"."user_id" AND "users"."role" = 'agent';
--> statement-breakpoint
UPDATE "visa_applications" SET "agency_id" = coalesce("users"."agency_id", "users"."id") FROM "users" WHERE "users"."id" = "visa_applications"."user_id" AND "users"."role" = 'agent';
