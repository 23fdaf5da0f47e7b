CREATE TABLE "payment_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reversals_amount_positive" CHECK ("payment_reversals"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "paypal_sim_trackers" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"capture_id" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracker" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "shopper" text;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reversed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_outcome" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_override_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_mismatch" jsonb;--> statement-breakpoint
ALTER TABLE "paypal_sim_orders" ADD COLUMN "shipping" jsonb;--> statement-breakpoint
ALTER TABLE "paypal_sim_orders" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "paypal_tracking" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "paypal_tracking_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "paypal_tracking_error" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "paypal_tracked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_reversals_order_id_idx" ON "payment_reversals" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paypal_sim_trackers_number_key" ON "paypal_sim_trackers" USING btree ("capture_id","tracking_number");--> statement-breakpoint
CREATE INDEX "paypal_sim_trackers_order_idx" ON "paypal_sim_trackers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_paypal_tracking_idx" ON "shipments" USING btree ("created_at") WHERE "shipments"."paypal_tracking" in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispute_status_check" CHECK ("orders"."dispute_status" in ('none', 'open', 'resolved'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reversed_within_total" CHECK ("orders"."reversed_cents" >= 0 and "orders"."refunded_cents" + "orders"."reversed_cents" <= "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_paypal_tracking_check" CHECK ("shipments"."paypal_tracking" in ('off', 'pending', 'sent', 'failed'));--> statement-breakpoint
-- A customer's spend is net of chargebacks (reversed_cents) as it is of refunds.
CREATE OR REPLACE FUNCTION customer_stats_refresh(uid uuid) RETURNS void AS $$
BEGIN
  PERFORM 1 FROM customer_stats WHERE user_id = uid FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  UPDATE customer_stats s
    SET orders_count = a.n, spent_cents = a.spent, last_order_at = a.last
    FROM (
      SELECT count(*)::int AS n,
             coalesce(sum(o.total_cents - o.refunded_cents - o.reversed_cents), 0)::bigint AS spent,
             max(o.order_date) AS last
        FROM orders o
       WHERE o.user_id = uid AND o.payment_status IN ('paid', 'partially_refunded', 'refunded')
    ) a
    WHERE s.user_id = uid;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER customer_stats_order_changed ON orders;
--> statement-breakpoint
CREATE TRIGGER customer_stats_order_changed
  AFTER UPDATE OF user_id, payment_status, total_cents, refunded_cents, reversed_cents, order_date ON orders
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id
        OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
        OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
        OR OLD.refunded_cents IS DISTINCT FROM NEW.refunded_cents
        OR OLD.reversed_cents IS DISTINCT FROM NEW.reversed_cents
        OR OLD.order_date IS DISTINCT FROM NEW.order_date)
  EXECUTE FUNCTION customer_stats_on_order();
