CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The vocabulary follows the catalogue: words of inserted products (once per statement, so a
-- bulk seed is one insert) and of products whose searchable text changed (stock updates do
-- not fire it). Words shorter than three characters are never corrected, so not kept.
CREATE OR REPLACE FUNCTION remember_search_words() RETURNS trigger AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS w
      WHERE length(w) >= 3
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW.search_vector)) AS w
      WHERE length(w) >= 3
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_inserted_words AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION remember_search_words();
--> statement-breakpoint
CREATE TRIGGER products_updated_words AFTER UPDATE OF title, brand, category, description ON products
  FOR EACH ROW EXECUTE FUNCTION remember_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products, unnest(tsvector_to_array(search_vector)) AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
