import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SimItem, SimShipping, SimTracker } from './simulator-state';

const CAPTURE_OUTCOMES = ['COMPLETED', 'PENDING', 'DECLINED'] as const;

// The built-in PayPal simulator's own data, as PayPal would keep it on its side: nothing here
// refers to the shop's tables. In the database so that every instance serves every payment.

/** PayPal orders of the sandbox, with their capture and the cents refunded of it. */
export const paypalSimOrders = pgTable(
  'paypal_sim_orders',
  {
    id: text('id').primaryKey(),
    status: text('status', { enum: ['CREATED', 'APPROVED', 'COMPLETED'] }).notNull(),
    referenceId: text('reference_id').notNull(),
    invoiceId: text('invoice_id'),
    customId: text('custom_id'),
    currencyCode: text('currency_code').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    // Echoed back as PayPal received them.
    items: jsonb('items').$type<SimItem[]>().notNull(),
    brandName: text('brand_name').notNull(),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    payerId: text('payer_id'),
    captureId: text('capture_id'),
    // The buyer's choice on the approval page, and the capture's own status and reason.
    captureOutcome: text('capture_outcome', { enum: CAPTURE_OUTCOMES })
      .notNull()
      .default('COMPLETED'),
    captureStatus: text('capture_status', { enum: CAPTURE_OUTCOMES }),
    captureReason: text('capture_reason'),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    // The shipping name and address the shop sent (SET_PROVIDED_ADDRESS), echoed back.
    shipping: jsonb('shipping').$type<SimShipping>(),
    // When a chargeback took the capture back (PAYMENT.CAPTURE.REVERSED): once per capture.
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'paypal_sim_orders_status_check',
      sql`${t.status} in ('CREATED', 'APPROVED', 'COMPLETED')`,
    ),
    check(
      'paypal_sim_orders_capture_outcome_check',
      sql`${t.captureOutcome} in ('COMPLETED', 'PENDING', 'DECLINED')`,
    ),
    check(
      'paypal_sim_orders_capture_status_check',
      sql`${t.captureStatus} in ('COMPLETED', 'PENDING', 'DECLINED')`,
    ),
    check(
      'paypal_sim_orders_refunded_check',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
    uniqueIndex('paypal_sim_orders_capture_id_key').on(t.captureId),
    index('paypal_sim_orders_created_at_idx').on(t.createdAt),
  ],
);

/**
 * The reply given to each PayPal-Request-Id (key: operation, resource and request id), so a
 * repeat gets the same answer. Status and body are null only inside the transaction that is
 * making the reply; pruned after a few days.
 */
export const paypalSimReplies = pgTable(
  'paypal_sim_replies',
  {
    key: text('key').primaryKey(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('paypal_sim_replies_created_at_idx').on(t.createdAt)],
);

/** Trackers the shop added to captured orders (POST /v2/checkout/orders/{id}/track). */
export const paypalSimTrackers = pgTable(
  'paypal_sim_trackers',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    captureId: text('capture_id').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    // Echoed back as PayPal received them (carrier, carrier_name_other, notify_payer).
    tracker: jsonb('tracker').$type<SimTracker>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('paypal_sim_trackers_number_key').on(t.captureId, t.trackingNumber),
    index('paypal_sim_trackers_order_idx').on(t.orderId),
  ],
);
