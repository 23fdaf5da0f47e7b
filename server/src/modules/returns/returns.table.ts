import {
  returnKinds,
  returnReasons,
  returnStatuses,
  withdrawalExceptions,
} from '@contract/return-constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderItems, orders } from '../orders/orders.table';
import { refunds } from '../refunds/refunds.table';

/**
 * A shopper's return request or an EU withdrawal from the contract (same queue for the admin):
 * requested -> approved | refused; approved -> received -> refunded. Each step happens once. A
 * withdrawal is never refused; the admin may record an art. 16 exception instead ("exception").
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    // When its order was placed, copied from the order (fixed at checkout) when the return is
    // written, to the millisecond: the report keeps the returns of orders placed since a date
    // reading this table alone (migration 0022 filled it for the returns before).
    orderDate: timestamp('order_date', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: returnKinds }).notNull(),
    status: text('status', { enum: returnStatuses }).notNull().default('requested'),
    comment: text('comment').notNull().default(''),
    // Where the messages about it go (the account's or the guest's email at the time).
    email: text('email').notNull(),
    // The admin's words: the return instructions on approval, the reason of a refusal.
    instructions: text('instructions').notNull().default(''),
    refusalReason: text('refusal_reason').notNull().default(''),
    // The consumer's name as the withdrawal form asked it ('' for a return).
    name: text('name').notNull().default(''),
    // An art. 16 exception recorded for a withdrawal, and the admin's reason (shown to the shopper).
    exception: text('exception', { enum: withdrawalExceptions }),
    exceptionReason: text('exception_reason').notNull().default(''),
    // Asked within the withdrawal period (every withdrawal): the law's rules apply to it, and its
    // refund is due by refund_due_at (14 days after it was asked, art. 13(1)); null otherwise.
    isWithdrawalRight: boolean('is_withdrawal_right').notNull().default(false),
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    // Some of its units had left when it was asked: the refund may wait for them (art. 13(3)).
    awaitsGoods: boolean('awaits_goods').notNull().default(true),
    // The refund made for it (through the refunds module), and what it returned: the lines'
    // price with their share of discount and tax, plus shipping for a whole-order withdrawal.
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    refundCents: integer('refund_cents').notNull().default(0),
    shippingRefundCents: integer('shipping_refund_cents').notNull().default(0),
    // Null when a guest (or a withdrawal by order number and email) asked.
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'returns_status_check',
      sql`${t.status} in ('requested', 'approved', 'refused', 'received', 'refunded', 'exception')`,
    ),
    check(
      'returns_exception_check',
      sql`${t.exception} is null or ${t.exception} in ('personalised', 'unsealedHygiene')`,
    ),
    check('returns_kind_check', sql`${t.kind} in ('return', 'withdrawal')`),
    check(
      'returns_refund_nonnegative',
      sql`${t.refundCents} >= 0 and ${t.shippingRefundCents} >= 0`,
    ),
    index('returns_order_id_idx').on(t.orderId),
    index('returns_status_created_idx').on(t.status, t.createdAt),
    // The report's period: the returns of orders placed since a date.
    index('returns_order_date_idx').on(t.orderDate),
  ],
);

/**
 * The lines (and how many of each) a return names, what came back (the order line's product and
 * size, copied from the order's snapshot when the return is written, so the report groups these
 * rows alone), and what the warehouse did with them.
 */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    productId: uuid('product_id').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: returnReasons }).notNull(),
    // Set on receipt: whether the items went back into stock.
    restocked: boolean('restocked'),
  },
  (t) => [
    primaryKey({ name: 'return_lines_pkey', columns: [t.returnId, t.orderItemId] }),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('return_lines_order_item_idx').on(t.orderItemId),
  ],
);
