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

/**
 * A parcel sent for an order: some or all of its lines, with the carrier's tracking. An order
 * moves to "inShipping" once every line's quantity is in a shipment.
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
  },
  (t) => [index('shipments_order_id_idx').on(t.orderId, t.createdAt)],
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
