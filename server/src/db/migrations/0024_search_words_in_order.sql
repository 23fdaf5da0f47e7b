-- Two products created at once deadlocked on the vocabulary (CI, PostgreSQL: "deadlock detected
-- while inserting index tuple in relation search_words"). A new word's insert waits for any
-- other transaction that inserted the same word and has not committed; the words came in no
-- set order, so two inserts sharing two new words could each wait for the other. Inserted in
-- the words' order, the one that reaches a shared word second waits there before taking any
-- word after it: a queue, not a cycle. Words already known take no lock and are skipped.
CREATE OR REPLACE FUNCTION remember_search_words() RETURNS trigger AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO search_words (word)
      SELECT w FROM (
        SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS w
        WHERE length(w) >= 3
      ) AS found
      WHERE NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = found.w)
      ORDER BY w
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
      SELECT w FROM (
        SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW.search_vector)) AS w
        WHERE length(w) >= 3
      ) AS found
      WHERE NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = found.w)
      ORDER BY w
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
