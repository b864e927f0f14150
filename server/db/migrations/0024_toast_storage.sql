-- The large values written with every booking (its itinerary and supplier order, the order itself, the mail's two
-- bodies) were compressed with pglz as they were stored: a tenth of a hold's time on the embedded database, in
-- pglz_compress under heap_insert. Where the server has lz4 (PostgreSQL built with it) they are compressed with
-- lz4, several times faster; where it has not (PGlite) they are stored uncompressed, out of line when large.
DO $$
BEGIN
  ALTER TABLE "bookings" ALTER COLUMN "itinerary" SET COMPRESSION lz4, ALTER COLUMN "supplier_order" SET COMPRESSION lz4;
  ALTER TABLE "supplier_orders" ALTER COLUMN "order" SET COMPRESSION lz4;
  ALTER TABLE "outbox" ALTER COLUMN "text_body" SET COMPRESSION lz4, ALTER COLUMN "html_body" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  ALTER TABLE "bookings" ALTER COLUMN "itinerary" SET STORAGE EXTERNAL, ALTER COLUMN "supplier_order" SET STORAGE EXTERNAL;
  ALTER TABLE "supplier_orders" ALTER COLUMN "order" SET STORAGE EXTERNAL;
  ALTER TABLE "outbox" ALTER COLUMN "text_body" SET STORAGE EXTERNAL, ALTER COLUMN "html_body" SET STORAGE EXTERNAL;
END $$;
