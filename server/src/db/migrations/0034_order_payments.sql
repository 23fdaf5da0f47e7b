CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_order_id" text,
	"capture_id" text DEFAULT '' NOT NULL,
	"payer_id" text DEFAULT '' NOT NULL,
	"capture_started_at" timestamp with time zone,
	"capture_refusals" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"capture_pending_at" timestamp with time zone,
	"capture_pending_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp with time zone,
	CONSTRAINT "order_payments_amount_nonnegative" CHECK ("order_payments"."amount_cents" >= 0),
	CONSTRAINT "order_payments_currency_check" CHECK ("order_payments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "order_payments_status_check" CHECK ("order_payments"."status" in ('created', 'capture_pending', 'captured', 'cancelled', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paypal_order_id_key";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_order_provider_key" ON "order_payments" USING btree ("order_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_provider_order_key" ON "order_payments" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "order_payments_capture_idx" ON "order_payments" USING btree ("capture_id") WHERE "order_payments"."capture_id" <> '';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
INSERT INTO "order_payments" ("order_id", "provider", "method", "amount_cents", "currency", "status", "provider_order_id", "capture_id", "payer_id", "capture_started_at", "capture_refusals", "checked_at", "capture_pending_at", "capture_pending_reason", "created_at", "updated_at")
SELECT "id", 'paypal', 'paypal', "total_cents", "currency",
	CASE "payment_status"
		WHEN 'pending' THEN 'created'
		WHEN 'pending_capture' THEN 'capture_pending'
		WHEN 'cancelled' THEN 'cancelled'
		WHEN 'failed' THEN 'failed'
		ELSE 'captured'
	END,
	"paypal_order_id", "payment_id", "payer_id", "capture_started_at", "capture_refusals", "paypal_checked_at", "capture_pending_at", "capture_pending_reason", "order_date", "order_update_date"
FROM "orders" WHERE "payment_method" = 'paypal';--> statement-breakpoint
UPDATE "refunds" SET "payment_id" = p."id" FROM "order_payments" p WHERE p."order_id" = "refunds"."order_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paypal_order_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payer_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "capture_started_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "capture_refusals";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paypal_checked_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "capture_pending_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "capture_pending_reason";