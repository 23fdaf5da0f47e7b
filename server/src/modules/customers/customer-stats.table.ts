import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  pgView,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';

/**
 * One row per customer (a user whose role is shopper), kept by triggers on users and orders
 * (migration 0020): the customer list sorts and pages 100,000 customers on these indexes
 * without adding up every order per request. Counted orders are the ones paid for (paid,
 * partially_refunded, refunded); spent is their totals minus their refunds and chargebacks.
 */
export const customerStats = pgTable(
  'customer_stats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ordersCount: integer('orders_count').notNull().default(0),
    // bigint: a sum of integer totals; an order's write must never fail on its overflow.
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    // A copy of users.created_at, so every sort of the list reads one index of this table.
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('customer_stats_orders_idx').on(t.ordersCount, t.userId),
    index('customer_stats_spent_idx').on(t.spentCents, t.userId),
    // Never ordered is -infinity: first oldest-first, last newest-first. A key without nulls
    // lets a cursor be one row comparison, which the index reads as a range (keyset paging).
    index('customer_stats_last_order_key_idx').on(
      sql`coalesce(${t.lastOrderAt}, '-infinity'::timestamptz)`,
      t.userId,
    ),
    index('customer_stats_joined_idx').on(t.joinedAt, t.userId),
  ],
);

/**
 * The customer list's rows: each customer's stats with the account's name, email and erasure,
 * a view of `customer_stats` joined to auth's `users` (migration 0023; declared here, never
 * created by drizzle-kit). It stores nothing: an erasure or a new email shows at once. The
 * planner expands it into the join it names, so a search still uses users' trigram index
 * (users_search_trgm_idx, on `user_name || ' ' || email`) and a page the stats' sort indexes.
 * A migration that changes these columns of `users` recreates the view (PostgreSQL refuses to
 * drop or retype a column a view reads).
 */
export const customerList = pgView('customer_list', {
  userId: uuid('user_id').notNull(),
  ordersCount: integer('orders_count').notNull(),
  spentCents: bigint('spent_cents', { mode: 'number' }).notNull(),
  lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  userName: text('user_name').notNull(),
  email: text('email').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}).existing();
