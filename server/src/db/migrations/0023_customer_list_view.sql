-- The customer list's rows (modules/customers/customer-stats.table.ts, `customerList`): each
-- shopper's stats with the account's name, email and erasure. The customers module reads users
-- through this view, so its code imports nothing of the auth module's table. A plain view (no
-- security_barrier): the planner expands it into this join, so a search still uses
-- users_search_trgm_idx and a page the sort indexes of customer_stats. It stores nothing: no
-- copy of a name or an email to clear on erasure.
CREATE VIEW "customer_list" AS
SELECT s."user_id", s."orders_count", s."spent_cents", s."last_order_at", s."joined_at",
       u."user_name", u."email", u."deleted_at"
  FROM "customer_stats" s
  JOIN "users" u ON u."id" = s."user_id";
