-- Every change to what the storefront shows (products: prices, stock, reviews; banners)
-- notifies every instance, whichever module or job made it, so their read caches drop it.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER feature_images_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feature_images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
