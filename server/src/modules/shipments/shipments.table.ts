import { sql } from 'drizzle-orm';
import {
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

export const paypalTrackingStates = ['off', 'pending', 'sent', 'failed'] as const;

/**
 * A parcel sent for an order: some or all of its lines, with the carrier's tracking. An order
 * moves to "inShipping" once every line's quantity is in a shipment, to "delivered" once every
 * parcel is delivered and nothing is left to ship.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url').notNull(),
    // Who shipped it (no foreign key: the record outlives a deleted account).
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The parcel's tracking sent to PayPal (Seller Protection): off (PAYPAL_TRACKING=false or
    // before it existed), pending, sent, or failed (retried by the tracking job).
    paypalTracking: text('paypal_tracking', { enum: paypalTrackingStates })
      .notNull()
      .default('off'),
    paypalTrackingAttempts: integer('paypal_tracking_attempts').notNull().default(0),
    paypalTrackingError: text('paypal_tracking_error').notNull().default(''),
    paypalTrackedAt: timestamp('paypal_tracked_at', { withTimezone: true }),
    // When the parcel arrived (the admin's, kept from the first time): the order is delivered
    // when its last parcel is, and the withdrawal period counts from that one (art. 9(2)(b)).
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('shipments_order_id_idx').on(t.orderId, t.createdAt),
    check(
      'shipments_paypal_tracking_check',
      sql`${t.paypalTracking} in ('off', 'pending', 'sent', 'failed')`,
    ),
    // The tracking job's round: the parcels whose tracking PayPal has not confirmed yet.
    index('shipments_paypal_tracking_idx')
      .on(t.createdAt)
      .where(sql`${t.paypalTracking} in ('pending', 'failed')`),
  ],
);

/** How many of an order line went into a shipment. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'shipment_lines_pkey', columns: [t.shipmentId, t.orderItemId] }),
    check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('shipment_lines_order_item_idx').on(t.orderItemId),
  ],
);
