-- Variant stock and colour pictures are storefront data too: a change names the products it
-- touched, as product changes do (migration 0005), so caches drop just those pages and the
-- listings. More than 150 products in one statement, or a TRUNCATE, says 'products' alone.
CREATE OR REPLACE FUNCTION notify_product_parts_changed() RETURNS trigger AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT CASE WHEN count(DISTINCT product_id) <= 150 THEN string_agg(DISTINCT product_id::text, ',') END
      INTO ids FROM old_rows;
  ELSE
    SELECT CASE WHEN count(DISTINCT product_id) <= 150 THEN string_agg(DISTINCT product_id::text, ',') END
      INTO ids FROM new_rows;
  END IF;
  PERFORM pg_notify('catalog_changed', CASE WHEN ids IS NULL THEN 'products' ELSE 'products:' || ids END);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_variants_inserted_notify AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_updated_notify AFTER UPDATE ON product_variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_deleted_notify AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER product_color_images_inserted_notify AFTER INSERT ON product_color_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER product_color_images_updated_notify AFTER UPDATE ON product_color_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER product_color_images_deleted_notify AFTER DELETE ON product_color_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_parts_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_truncated_notify AFTER TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_color_images_truncated_notify AFTER TRUNCATE ON product_color_images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
