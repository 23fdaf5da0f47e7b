ALTER TABLE "products" ADD COLUMN "prior_price_cents" integer;--> statement-breakpoint
-- The stored prior price (Omnibus) holds for the price it was computed with: any price change
-- empties it, and the catalogue's own writes store it again in the same transaction. Another
-- writer (SQL by hand) leaves it empty, and the shop then reads it from the price history.
CREATE OR REPLACE FUNCTION forget_prior_price() RETURNS trigger AS $$
BEGIN
  NEW.prior_price_cents := NULL;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_forget_prior_price BEFORE UPDATE OF price_cents, sale_price_cents ON products
  FOR EACH ROW
  WHEN (NEW.price_cents IS DISTINCT FROM OLD.price_cents
        OR NEW.sale_price_cents IS DISTINCT FROM OLD.sale_price_cents)
  EXECUTE FUNCTION forget_prior_price();
