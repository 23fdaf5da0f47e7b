CREATE SEQUENCE "public"."orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer DEFAULT nextval('orders_order_number_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "capture_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "capture_refusals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paypal_checked_at" timestamp with time zone;--> statement-breakpoint
-- One open checkout per shopper: duplicates left by concurrent checkouts before this index
-- (all but each shopper's newest pending order) are cancelled and their stock returned.
WITH "ranked" AS (
	SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "order_date" DESC, "id" DESC) AS "n"
	FROM "orders" WHERE "payment_status" = 'pending'
), "cancelled" AS (
	UPDATE "orders" SET "order_status" = 'cancelled', "payment_status" = 'cancelled', "order_update_date" = now()
	WHERE "id" IN (SELECT "id" FROM "ranked" WHERE "n" > 1) RETURNING "id"
), "returned" AS (
	SELECT "product_id", sum("quantity") AS "q" FROM "order_items"
	WHERE "order_id" IN (SELECT "id" FROM "cancelled") GROUP BY "product_id"
)
UPDATE "products" SET "total_stock" = "products"."total_stock" + "returned"."q"
FROM "returned" WHERE "products"."id" = "returned"."product_id";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_user" ON "orders" USING btree ("user_id") WHERE "orders"."payment_status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_number_key" UNIQUE("order_number");