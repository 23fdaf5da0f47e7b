-- Per-customer code limits count by the SHA-256 of the normalised email (trimmed, lower case,
-- no +tag in the local part): uses recorded by an account's id or a guest's lower-cased email
-- are re-keyed (DiscountsService.customerKeyOf computes the same).
UPDATE "discount_redemptions" AS r
SET "customer" = encode(sha256(convert_to(
  regexp_replace(lower(btrim(u."email")), '^([^@+]+)\+[^@]*@', '\1@'), 'UTF8')), 'hex')
FROM "users" AS u
WHERE r."customer" = u."id"::text;
--> statement-breakpoint
UPDATE "discount_redemptions"
SET "customer" = encode(sha256(convert_to(
  regexp_replace(lower(btrim("customer")), '^([^@+]+)\+[^@]*@', '\1@'), 'UTF8')), 'hex')
WHERE "customer" LIKE '%@%';
