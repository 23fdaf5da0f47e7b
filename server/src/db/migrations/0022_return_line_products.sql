-- What came back, on the return's own rows (modules/returns/returns.table.ts): the order line's
-- product and size on each return line, the order's date on each return, copied when a return
-- is written, so the returns report groups the returns module's tables alone. Added empty,
-- filled from the orders of the returns already made, then required.
ALTER TABLE "return_lines" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "return_lines" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "order_date" timestamp with time zone;--> statement-breakpoint
UPDATE "return_lines" rl
   SET "product_id" = oi."product_id", "size" = oi."size"
  FROM "order_items" oi
 WHERE oi."id" = rl."order_item_id";--> statement-breakpoint
-- To the millisecond, as the server copies it (the report's dates are whole milliseconds, so
-- the same orders fall in its period).
UPDATE "returns" r
   SET "order_date" = date_trunc('milliseconds', o."order_date")
  FROM "orders" o
 WHERE o."id" = r."order_id";--> statement-breakpoint
ALTER TABLE "return_lines" ALTER COLUMN "product_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "return_lines" ALTER COLUMN "size" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ALTER COLUMN "order_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "returns_order_date_idx" ON "returns" USING btree ("order_date");
