import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';

/**
 * One row per customer (a user whose role is shopper), kept by triggers on users and orders
 * (migration 0020): the customer list sorts and pages 100,000 customers on these indexes
 * without adding up every order per request. Counted orders are the ones paid for (paid,
 * partially_refunded, refunded); spent is their totals minus their refunds.
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
