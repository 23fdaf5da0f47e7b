CREATE TABLE "product_color_images" (
	"product_id" uuid NOT NULL,
	"color" text NOT NULL,
	"image" text NOT NULL,
	CONSTRAINT "product_color_images_product_id_color_pk" PRIMARY KEY("product_id","color")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"total_stock" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_product_size_color_key" UNIQUE("product_id","size","color"),
	CONSTRAINT "product_variants_sku_key" UNIQUE("sku"),
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."total_stock" >= 0),
	CONSTRAINT "product_variants_has_option" CHECK ("product_variants"."size" <> '' or "product_variants"."color" <> '')
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_cart_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_color_images" ADD CONSTRAINT "product_color_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_size_in_stock_idx" ON "product_variants" USING btree ("size","color","product_id") WHERE "product_variants"."total_stock" > 0;--> statement-breakpoint
CREATE INDEX "product_variants_color_in_stock_idx" ON "product_variants" USING btree ("color","product_id") WHERE "product_variants"."total_stock" > 0;--> statement-breakpoint
CREATE INDEX "product_variants_stock_idx" ON "product_variants" USING btree ("total_stock");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_line_key" UNIQUE NULLS NOT DISTINCT("cart_id","product_id","variant_id");