ALTER TABLE "orders" ADD COLUMN "recipient_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paypal_sim_orders" ADD COLUMN "capture_outcome" text DEFAULT 'COMPLETED' NOT NULL;--> statement-breakpoint
ALTER TABLE "paypal_sim_orders" ADD COLUMN "capture_status" text;--> statement-breakpoint
ALTER TABLE "paypal_sim_orders" ADD COLUMN "capture_reason" text;--> statement-breakpoint
CREATE INDEX "orders_guest_key_date_idx" ON "orders" USING btree ("guest_key","order_date") WHERE "orders"."guest_key" is not null;--> statement-breakpoint
ALTER TABLE "paypal_sim_orders" ADD CONSTRAINT "paypal_sim_orders_capture_outcome_check" CHECK ("paypal_sim_orders"."capture_outcome" in ('COMPLETED', 'PENDING', 'DECLINED'));--> statement-breakpoint
ALTER TABLE "paypal_sim_orders" ADD CONSTRAINT "paypal_sim_orders_capture_status_check" CHECK ("paypal_sim_orders"."capture_status" in ('COMPLETED', 'PENDING', 'DECLINED'));--> statement-breakpoint
UPDATE "orders" SET "recipient_name" = "users"."user_name" FROM "users" WHERE "orders"."user_id" = "users"."id" AND "orders"."recipient_name" = '';
