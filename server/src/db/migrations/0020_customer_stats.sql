CREATE TABLE "customer_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_stats" ADD CONSTRAINT "customer_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_stats_orders_idx" ON "customer_stats" USING btree ("orders_count","user_id");--> statement-breakpoint
CREATE INDEX "customer_stats_spent_idx" ON "customer_stats" USING btree ("spent_cents","user_id");--> statement-breakpoint
CREATE INDEX "customer_stats_last_order_idx" ON "customer_stats" USING btree ("last_order_at" NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "customer_stats_joined_idx" ON "customer_stats" USING btree ("joined_at","user_id");--> statement-breakpoint
-- Customer stats (modules/customers/customer-stats.table.ts): one row per shopper, its paid
-- orders counted and summed here so the customer list sorts 100,000 customers on an index.
-- A refresh locks the row first, then adds up in a new statement (a new snapshot under READ
-- COMMITTED): two orders of one customer written at once cannot leave a stale sum.
CREATE OR REPLACE FUNCTION customer_stats_refresh(uid uuid) RETURNS void AS $$
BEGIN
  PERFORM 1 FROM customer_stats WHERE user_id = uid FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  UPDATE customer_stats s
    SET orders_count = a.n, spent_cents = a.spent, last_order_at = a.last
    FROM (
      SELECT count(*)::int AS n,
             coalesce(sum(o.total_cents - o.refunded_cents), 0)::bigint AS spent,
             max(o.order_date) AS last
        FROM orders o
       WHERE o.user_id = uid AND o.payment_status IN ('paid', 'partially_refunded', 'refunded')
    ) a
    WHERE s.user_id = uid;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_stats_on_order() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.user_id IS NOT NULL THEN
    PERFORM customer_stats_refresh(OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' AND NEW.user_id IS NOT NULL
     OR TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id AND NEW.user_id IS NOT NULL THEN
    PERFORM customer_stats_refresh(NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER customer_stats_order_written AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION customer_stats_on_order();
--> statement-breakpoint
-- Most order writes (PayPal checks, fulfilment status) change nothing counted: skipped.
CREATE TRIGGER customer_stats_order_changed
  AFTER UPDATE OF user_id, payment_status, total_cents, refunded_cents, order_date ON orders
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id
        OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
        OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
        OR OLD.refunded_cents IS DISTINCT FROM NEW.refunded_cents
        OR OLD.order_date IS DISTINCT FROM NEW.order_date)
  EXECUTE FUNCTION customer_stats_on_order();
--> statement-breakpoint
-- A shopper gets a row when created (or made a shopper); another role has none.
CREATE OR REPLACE FUNCTION customer_stats_on_user() RETURNS trigger AS $$
BEGIN
  IF NEW.role = 'shopper' THEN
    INSERT INTO customer_stats (user_id, joined_at) VALUES (NEW.id, NEW.created_at)
      ON CONFLICT (user_id) DO UPDATE SET joined_at = EXCLUDED.joined_at;
    IF TG_OP = 'UPDATE' THEN PERFORM customer_stats_refresh(NEW.id); END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM customer_stats WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER customer_stats_user_created AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION customer_stats_on_user();
--> statement-breakpoint
CREATE TRIGGER customer_stats_user_changed AFTER UPDATE OF role, created_at ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION customer_stats_on_user();
--> statement-breakpoint
INSERT INTO customer_stats (user_id, orders_count, spent_cents, last_order_at, joined_at)
SELECT u.id, count(o.id)::int, coalesce(sum(o.total_cents - o.refunded_cents), 0)::bigint,
       max(o.order_date), u.created_at
  FROM users u
  LEFT JOIN orders o
    ON o.user_id = u.id AND o.payment_status IN ('paid', 'partially_refunded', 'refunded')
 WHERE u.role = 'shopper'
 GROUP BY u.id;
--> statement-breakpoint
-- The customer list's search (name or email, any case, any part): trigram, as products' search.
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("user_name" || ' ' || "email") gin_trgm_ops);
