import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';

export const refundStatuses = ['pending', 'completed', 'failed'] as const;

/**
 * Every refund asked of PayPal. Its id is the PayPal-Request-Id, so asking again with the same
 * row can never refund twice; `pending` rows are money reserved on the order but not confirmed.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    kind: text('kind', { enum: ['cancel', 'admin'] }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    // The order's status before a cancellation, restored if PayPal refuses the refund.
    previousOrderStatus: text('previous_order_status'),
    paypalRefundId: text('paypal_refund_id'),
    error: text('error'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'completed', 'failed')`),
    index('refunds_order_id_idx').on(t.orderId),
  ],
);
