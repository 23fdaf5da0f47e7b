-- Withdrawals made before the law's rules were kept on each return: every one was made in time
-- (checked when asked), so the rules apply to it and its refund was due 14 days after it.
UPDATE "returns" SET "is_withdrawal_right" = true, "refund_due_at" = "created_at" + interval '14 days'
  WHERE "kind" = 'withdrawal';--> statement-breakpoint
-- Parcels of orders delivered before each parcel had its own date arrived with their order.
UPDATE "shipments" SET "delivered_at" = o."delivered_at"
  FROM "orders" o
  WHERE o."id" = "shipments"."order_id" AND o."delivered_at" IS NOT NULL AND "shipments"."delivered_at" IS NULL;
