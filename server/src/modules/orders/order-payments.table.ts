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
import { orders } from './orders.table';

/** A payment's own state; the order's `payment_status` also counts refunds and chargebacks. */
export const orderPaymentStatuses = [
  'created',
  'capture_pending',
  'captured',
  'cancelled',
  'failed',
] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

/**
 * Money an order is paid with, one row per payment at a provider. An order's paid amount is the
 * sum of its captured rows; refunds name the row they return money to. A total of 0 has none.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: orderPaymentStatuses }).notNull().default('created'),
    // The provider's ids: its order (PayPal's token), the capture, and the payer.
    providerOrderId: text('provider_order_id'),
    captureId: text('capture_id').notNull().default(''),
    payerId: text('payer_id').notNull().default(''),
    // A capture call whose outcome is not known yet (in flight, or timed out): cancel and
    // expiry leave the order alone for a while and then ask the provider. Cleared on a refusal.
    captureStartedAt: timestamp('capture_started_at', { withTimezone: true }),
    // Capture refusals so far; each one gives the next attempt a new idempotency key.
    captureRefusals: integer('capture_refusals').notNull().default(0),
    // When the status job last asked the provider about this payment.
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    // A capture the provider answered PENDING: since when, and why.
    capturePendingAt: timestamp('capture_pending_at', { withTimezone: true }),
    capturePendingReason: text('capture_pending_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
  },
  (t) => [
    check('order_payments_amount_nonnegative', sql`${t.amountCents} >= 0`),
    check('order_payments_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'order_payments_status_check',
      sql`${t.status} in ('created', 'capture_pending', 'captured', 'cancelled', 'failed')`,
    ),
    // One payment per provider and order, for now: the settlement reads the order's one row.
    uniqueIndex('order_payments_order_provider_key').on(t.orderId, t.provider),
    uniqueIndex('order_payments_provider_order_key').on(t.provider, t.providerOrderId),
    // A webhook or a chargeback names the capture.
    index('order_payments_capture_idx').on(t.captureId).where(sql`${t.captureId} <> ''`),
  ],
);
