import type { AdminOrderStatus } from '@contract/orders';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Shopper } from '../../lib/shopper';
import { orderItems, orders } from './orders.table';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

export async function insertOrder(db: Executor, values: NewOrder, items: NewOrderItem[]) {
  const [order] = await db.insert(orders).values(values).returning();
  await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order!.id })));
  return order!;
}

export async function findOrder(db: Executor, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order row, locked until the transaction ends: its fulfilment changes take turns. */
export async function lockOrder(db: Executor, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function findItems(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
}

export async function listByUser(db: Executor, userId: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.orderDate), desc(orders.id));
}

/** Serialises one shopper's checkouts (PostgreSQL and PGlite alike) until the transaction ends. */
export async function lockShopper(db: Executor, key: string) {
  // Namespace 8 keeps these keys apart from the migration lock.
  await db.execute(sql`select pg_advisory_xact_lock(8, hashtext(${key}))`);
}

/** The orders a shopper's checkouts opened: a user's own, or those of a guest's cookie. */
export const openedBy = (shopper: Shopper) =>
  shopper.kind === 'user'
    ? eq(orders.userId, shopper.userId)
    : eq(orders.guestKey, shopper.guestKey);

/**
 * Checkouts opened since `since` and never paid (pending, cancelled, expired, failed), counted
 * for each key that names the shopper: its account or guest cookie, and its email (lower case).
 */
export async function countUnpaidSince(db: Executor, shopper: Shopper, email: string, since: Date) {
  const unpaid = and(
    inArray(orders.paymentStatus, ['pending', 'cancelled', 'failed']),
    sql`${orders.orderDate} > ${since}`,
  );
  const byEmail = sql`lower(${orders.guestEmail}) = ${email.toLowerCase()}`;
  const [row] = await db
    .select({
      byShopper: sql<number>`count(*) filter (where ${openedBy(shopper)})`.mapWith(Number),
      byEmail: sql<number>`count(*) filter (where ${byEmail})`.mapWith(Number),
    })
    .from(orders)
    .where(and(unpaid, email ? or(openedBy(shopper), byEmail) : openedBy(shopper)));
  return row ?? { byShopper: 0, byEmail: 0 };
}

/** Payment states of an order that was paid (refunds included): its money is or was taken. */
export const PAID = ['paid', 'partially_refunded', 'refunded'] as const;

/** Admin fulfilment: only orders that are paid (and not cancelled by their shopper). */
export async function updateStatus(db: Executor, id: string, orderStatus: AdminOrderStatus) {
  const [row] = await db
    .update(orders)
    .set({
      orderStatus,
      orderUpdateDate: sql`now()`,
      // The first delivery date stays: the return window counts from it.
      deliveredAt:
        orderStatus === 'delivered' ? sql`coalesce(${orders.deliveredAt}, now())` : undefined,
    })
    .where(
      and(
        eq(orders.id, id),
        inArray(orders.paymentStatus, [...PAID]),
        sql`${orders.orderStatus} <> 'cancelled'`,
      ),
    )
    .returning();
  return row;
}
