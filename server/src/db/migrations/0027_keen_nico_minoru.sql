CREATE TABLE "guest_privacy_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"request" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_privacy_tokens_request_check" CHECK ("guest_privacy_tokens"."request" in ('download', 'erase'))
);
--> statement-breakpoint
CREATE TABLE "no_tax_countries" (
	"country" text PRIMARY KEY NOT NULL,
	"set_by_upgrade" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "returns" DROP CONSTRAINT "returns_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "capture_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "capture_pending_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "exception" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "exception_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "is_withdrawal_right" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "awaits_goods" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "guest_privacy_tokens_email_idx" ON "guest_privacy_tokens" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "guest_privacy_tokens_expires_idx" ON "guest_privacy_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('pending', 'pending_capture', 'paid', 'cancelled', 'failed', 'partially_refunded', 'refunded'));--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_exception_check" CHECK ("returns"."exception" is null or "returns"."exception" in ('personalised', 'unsealedHygiene'));--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('requested', 'approved', 'refused', 'received', 'refunded', 'exception'));--> statement-breakpoint
CREATE TRIGGER no_tax_countries_notify AFTER INSERT OR UPDATE OR DELETE ON no_tax_countries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_pricing_changed();
--> statement-breakpoint
-- A shop already selling untaxed to a country its zones or rates name, where no country-wide
-- rate applies, keeps doing so after the upgrade: marked "no tax here", shown for review.
INSERT INTO "no_tax_countries" ("country", "set_by_upgrade")
SELECT DISTINCT named.country, true
FROM (
  SELECT unnest("countries") AS country FROM "shipping_zones"
  UNION
  SELECT "country" FROM "tax_rates"
) AS named
WHERE NOT EXISTS (
  SELECT 1 FROM "tax_rates" r WHERE r."country" = named.country AND r."region" = ''
)
ON CONFLICT DO NOTHING;
