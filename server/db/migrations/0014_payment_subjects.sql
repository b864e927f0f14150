ALTER TABLE "payments" DROP CONSTRAINT "payments_one_booking";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subject_kind" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subject_id" integer;--> statement-breakpoint
CREATE INDEX "payments_subject_idx" ON "payments" USING btree ("subject_kind","subject_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subject_pair" CHECK (("payments"."subject_kind" is null) = ("payments"."subject_id" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_booking" CHECK ((case when "payments"."booking_id" is null then 0 else 1 end) + (case when "payments"."hotel_booking_id" is null then 0 else 1 end) + (case when "payments"."subject_id" is null then 0 else 1 end) = 1);