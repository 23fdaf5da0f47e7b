-- Shipping zones, their methods and tax rates are kept in memory by every instance (issue 25:
-- a quote reads them on every call); a change by any writer tells every instance to drop them.
CREATE OR REPLACE FUNCTION notify_pricing_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('pricing_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER shipping_zones_notify AFTER INSERT OR UPDATE OR DELETE ON shipping_zones
  FOR EACH STATEMENT EXECUTE FUNCTION notify_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER shipping_methods_notify AFTER INSERT OR UPDATE OR DELETE ON shipping_methods
  FOR EACH STATEMENT EXECUTE FUNCTION notify_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER tax_rates_notify AFTER INSERT OR UPDATE OR DELETE ON tax_rates
  FOR EACH STATEMENT EXECUTE FUNCTION notify_pricing_changed();
