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
import { orderPayments } from '../orders/order-payments.table';
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
    // The payment the money goes back to.
    paymentId: uuid('payment_id').references(() => orderPayments.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    // cancel: the shopper's; admin: the admin's; return: a return or withdrawal received;
    // paypal: made in PayPal's own dashboard and learnt from its PAYMENT.CAPTURE.REFUNDED webhook.
    kind: text('kind', { enum: ['cancel', 'admin', 'return', 'paypal'] }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    // The order's status before a cancellation, restored if PayPal refuses the refund.
    previousOrderStatus: text('previous_order_status'),
    paypalRefundId: text('paypal_refund_id'),
    error: text('error'),
    // Null for a refund made at PayPal: no user of the shop made it.
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'completed', 'failed')`),
    index('refunds_order_id_idx').on(t.orderId),
    // A PayPal refund is recorded once, whichever path (our call, its webhook) records it.
    uniqueIndex('refunds_paypal_refund_id_key').on(t.paypalRefundId),
  ],
);
