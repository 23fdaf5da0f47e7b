-- The customer list pages by cursor (keyset): "the 50 after this customer" is one row comparison
-- on an index, whatever the depth. Last order's key has no nulls (never ordered: -infinity).
DROP INDEX "customer_stats_last_order_idx";--> statement-breakpoint
CREATE INDEX "customer_stats_last_order_key_idx" ON "customer_stats" USING btree (coalesce("last_order_at", '-infinity'::timestamptz),"user_id");