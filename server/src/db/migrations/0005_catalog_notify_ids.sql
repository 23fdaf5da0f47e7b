-- Product changes name the products they touched, so caches drop just those pages (and the
-- listings): 'products:<id>,<id>,...'. A statement touching more than 150 rows, or a TRUNCATE,
-- still says 'products' alone, which means "any product may have changed".
CREATE OR REPLACE FUNCTION notify_products_changed() RETURNS trigger AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT CASE WHEN count(*) <= 150 THEN string_agg(id::text, ',') END INTO ids FROM old_rows;
  ELSE
    SELECT CASE WHEN count(*) <= 150 THEN string_agg(id::text, ',') END INTO ids FROM new_rows;
  END IF;
  PERFORM pg_notify('catalog_changed', CASE WHEN ids IS NULL THEN 'products' ELSE 'products:' || ids END);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_catalog_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_inserted_notify AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_updated_notify AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_deleted_notify AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_truncated_notify AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
