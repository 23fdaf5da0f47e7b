-- A customer's audit entries keep that a note was written (its id, author and date), not its
-- text: notes are never edited, so the note itself keeps it, and an append-only copy would
-- outlive the customer's erasure (GDPR art. 17). Entries written before lose the text here, with
-- the append-only trigger lifted for this one statement of this migration.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update";
--> statement-breakpoint
UPDATE "audit_log" SET
  "before" = CASE WHEN jsonb_typeof("before" -> 'notes') = 'array' THEN jsonb_set("before", '{notes}', (
    SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(n) = 'object' THEN n - 'body' ELSE n END ORDER BY i), '[]'::jsonb)
    FROM jsonb_array_elements("before" -> 'notes') WITH ORDINALITY AS e(n, i))) ELSE "before" END,
  "after" = CASE WHEN jsonb_typeof("after" -> 'notes') = 'array' THEN jsonb_set("after", '{notes}', (
    SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(n) = 'object' THEN n - 'body' ELSE n END ORDER BY i), '[]'::jsonb)
    FROM jsonb_array_elements("after" -> 'notes') WITH ORDINALITY AS e(n, i))) ELSE "after" END
WHERE "entity" = 'customer'
  AND (jsonb_typeof("before" -> 'notes') = 'array' OR jsonb_typeof("after" -> 'notes') = 'array');
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update";
