import { discountTypes } from '@contract/pricing';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';

export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    type: text('type', { enum: discountTypes }).notNull(),
    // Percent in hundredths (1250 is 12.5%), or cents off; 0 for free shipping.
    value: integer('value').notNull(),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    brands: text('brands').array().notNull().default(sql`'{}'::text[]`),
    // Uses held by open checkouts and paid orders: the limit is kept against this, by a
    // conditional increment, so a race for the last use has one winner.
    heldUses: integer('held_uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discounts_code_key').on(sql`lower(${t.code})`),
    check('discounts_value_nonnegative', sql`${t.value} >= 0`),
    check(
      'discounts_held_within_limit',
      sql`${t.heldUses} >= 0 and (${t.usageLimit} is null or ${t.heldUses} <= ${t.usageLimit})`,
    ),
  ],
);

/** One code's use by one order: held at checkout, counted when paid, released when cancelled. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique('discount_redemptions_order_key')
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The SHA-256 of the customer's normalised email (an account's, or a guest's): per-customer
    // limits count by it, so an account and a guest with one mailbox share their uses.
    customer: text('customer').notNull(),
    // The shopper (shopperKey) whose checkout holds the use: its next checkout replaces it.
    shopper: text('shopper'),
    status: text('status', { enum: ['held', 'paid', 'released'] })
      .notNull()
      .default('held'),
    amountCents: integer('amount_cents').notNull(),
    // The order's total, for the code's revenue report (orders are another module's), and
    // what of it was refunded since (a full refund releases the use instead).
    orderTotalCents: integer('order_total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discount_redemptions_customer_idx').on(t.discountId, t.customer)],
);
