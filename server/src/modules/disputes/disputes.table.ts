import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';

/**
 * Chargebacks PayPal announced (PAYMENT.CAPTURE.REVERSED), by PayPal's id of the reversal: a
 * reversal is added to the order's reversed_cents once, whatever event id delivers it again.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_reversals_amount_positive', sql`${t.amountCents} > 0`),
    index('payment_reversals_order_id_idx').on(t.orderId),
  ],
);
