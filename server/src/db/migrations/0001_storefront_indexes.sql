CREATE INDEX "products_title_sort_idx" ON "products" USING btree (lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "products_category_title_sort_idx" ON "products" USING btree ("category",lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "products_brand_title_sort_idx" ON "products" USING btree ("brand",lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (("title" || ' ' || "brand" || ' ' || "category") gin_trgm_ops);