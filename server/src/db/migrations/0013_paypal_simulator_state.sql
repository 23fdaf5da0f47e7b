CREATE TABLE "paypal_sim_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"reference_id" text NOT NULL,
	"invoice_id" text,
	"custom_id" text,
	"currency_code" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"items" jsonb NOT NULL,
	"brand_name" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"payer_id" text,
	"capture_id" text,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "paypal_sim_orders_status_check" CHECK ("paypal_sim_orders"."status" in ('CREATED', 'APPROVED', 'COMPLETED')),
	CONSTRAINT "paypal_sim_orders_refunded_check" CHECK ("paypal_sim_orders"."refunded_cents" >= 0 and "paypal_sim_orders"."refunded_cents" <= "paypal_sim_orders"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "paypal_sim_replies" (
	"key" text PRIMARY KEY NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "paypal_sim_orders_capture_id_key" ON "paypal_sim_orders" USING btree ("capture_id");--> statement-breakpoint
CREATE INDEX "paypal_sim_orders_created_at_idx" ON "paypal_sim_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "paypal_sim_replies_created_at_idx" ON "paypal_sim_replies" USING btree ("created_at");