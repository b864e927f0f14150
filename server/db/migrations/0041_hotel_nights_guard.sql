-- A hotel booking's statement sells all its room nights or none: when fewer nights took the rooms than were asked
-- (another booking had the last room of one), this raises, and the whole statement is undone.
CREATE FUNCTION "hotel_nights_all_sold"("sold" bigint, "asked" bigint) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF "sold" <> "asked" THEN
    RAISE EXCEPTION 'hotel room nights sold out (% of %)', "sold", "asked" USING ERRCODE = 'HSOLD';
  END IF;
  RETURN true;
END
$$;
