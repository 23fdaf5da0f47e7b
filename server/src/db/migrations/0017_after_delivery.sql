CREATE TABLE "product_price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer NOT NULL,
	"pay_price_cents" integer NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_price_history_positive" CHECK ("product_price_history"."pay_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"restocked" boolean,
	CONSTRAINT "return_lines_pkey" PRIMARY KEY("return_id","order_item_id"),
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"refusal_reason" text DEFAULT '' NOT NULL,
	"refund_id" uuid,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"shipping_refund_cents" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('requested', 'approved', 'refused', 'received', 'refunded')),
	CONSTRAINT "returns_kind_check" CHECK ("returns"."kind" in ('return', 'withdrawal')),
	CONSTRAINT "returns_refund_nonnegative" CHECK ("returns"."refund_cents" >= 0 and "returns"."shipping_refund_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_pkey" PRIMARY KEY("shipment_id","order_item_id"),
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_history_product_idx" ON "product_price_history" USING btree ("product_id","valid_from");--> statement-breakpoint
CREATE INDEX "return_lines_order_item_idx" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "returns_order_id_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_status_created_idx" ON "returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_item_idx" ON "shipment_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "shipments_order_id_idx" ON "shipments" USING btree ("order_id","created_at");--> statement-breakpoint
-- Price history (Omnibus): one row per price a product has had, written here so that every
-- writer (admin, seed, imports, SQL by hand) records it.
CREATE OR REPLACE FUNCTION record_product_price() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.price_cents IS DISTINCT FROM OLD.price_cents
     OR NEW.sale_price_cents IS DISTINCT FROM OLD.sale_price_cents THEN
    INSERT INTO product_price_history (product_id, price_cents, sale_price_cents, pay_price_cents, valid_from)
    VALUES (NEW.id, NEW.price_cents, NEW.sale_price_cents,
            CASE WHEN NEW.sale_price_cents > 0 THEN NEW.sale_price_cents ELSE NEW.price_cents END,
            now());
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_price_history AFTER INSERT OR UPDATE OF price_cents, sale_price_cents ON products
  FOR EACH ROW EXECUTE FUNCTION record_product_price();
--> statement-breakpoint
-- Products that exist already start their history at their creation.
INSERT INTO product_price_history (product_id, price_cents, sale_price_cents, pay_price_cents, valid_from)
SELECT id, price_cents, sale_price_cents,
       CASE WHEN sale_price_cents > 0 THEN sale_price_cents ELSE price_cents END, created_at
FROM products;
