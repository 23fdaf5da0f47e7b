-- Variant stock and colour pictures are storefront data too: every instance's read cache drops
-- listings and product pages when they change (admin edits, reservations, releases).
CREATE TRIGGER product_variants_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_color_images_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_color_images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
