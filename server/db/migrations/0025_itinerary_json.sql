-- A booking's itinerary is kept as the text it was written as (json) rather than parsed into jsonb: nothing queries
-- inside it, and parsing it (jsonb_in, with its key sorting) was a tenth of a hold's time on the embedded database.
ALTER TABLE "bookings" ALTER COLUMN "itinerary" SET DATA TYPE json;--> statement-breakpoint
-- A change of type drops the column's storage and compression: as 0024 set them.
DO $$
BEGIN
  ALTER TABLE "bookings" ALTER COLUMN "itinerary" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  ALTER TABLE "bookings" ALTER COLUMN "itinerary" SET STORAGE EXTERNAL;
END $$;
