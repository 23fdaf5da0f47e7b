import { and, asc, count, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { AdminOrderStatus } from '../../../../contract/orders';
import type { Executor } from '../../db/client';
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

export async function listPage(db: Executor, limit: number, offset: number) {
  return db
    .select()
    .from(orders)
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function countAll(db: Executor) {
  const [row] = await db.select({ value: count() }).from(orders);
  return row?.value ?? 0;
}

export async function setPayPalOrderId(db: Executor, id: string, paypalOrderId: string) {
  await db.update(orders).set({ paypalOrderId }).where(eq(orders.id, id));
}

/**
 * Marks a capture attempt (orderUpdateDate = now) on a still-pending order. Cancel and expiry
 * leave a recently attempted order alone, so a capture in flight never races a release.
 */
export async function markCaptureAttempt(db: Executor, id: string) {
  const [row] = await db
    .update(orders)
    .set({ orderUpdateDate: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'pending')))
    .returning();
  return row;
}

/** pending -> paid, once: of two racing calls only one gets the row back. */
export async function markPaid(
  db: Executor,
  id: string,
  payment: { paymentId: string; payerId: string },
) {
  const [row] = await db
    .update(orders)
    .set({
      orderStatus: 'confirmed',
      paymentStatus: 'paid',
      paymentId: payment.paymentId,
      payerId: payment.payerId,
      orderUpdateDate: sql`now()`,
    })
    .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'pending')))
    .returning();
  return row;
}

/** pending -> cancelled, unless a capture was attempted within the last `guardSeconds`. */
export async function markCancelled(
  db: Executor,
  id: string,
  paymentStatus: 'cancelled' | 'failed',
  guardSeconds: number,
) {
  const [row] = await db
    .update(orders)
    .set({ orderStatus: 'cancelled', paymentStatus, orderUpdateDate: sql`now()` })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.paymentStatus, 'pending'),
        // Never attempted (the dates are equal from the insert), or attempted long enough ago.
        or(
          eq(orders.orderUpdateDate, orders.orderDate),
          lt(orders.orderUpdateDate, sql`now() - make_interval(secs => ${guardSeconds})`),
        ),
      ),
    )
    .returning();
  return row;
}

/** Pending orders placed before `cutoff` (oldest first). */
export async function findStalePending(db: Executor, cutoff: Date, limit: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'pending'), lt(orders.orderDate, cutoff)))
    .orderBy(asc(orders.orderDate))
    .limit(limit);
}

export async function findPendingByUser(db: Executor, userId: string) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, 'pending')));
}

/** Payment states of an order that was paid (refunds included): its money is or was taken. */
const PAID = ['paid', 'partially_refunded', 'refunded'] as const;

/** Admin fulfilment: only orders that are paid (and not cancelled by their shopper). */
export async function updateStatus(db: Executor, id: string, orderStatus: AdminOrderStatus) {
  const [row] = await db
    .update(orders)
    .set({ orderStatus, orderUpdateDate: sql`now()` })
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

// Dashboard figures.

export async function paidRevenue(db: Executor) {
  const [row] = await db
    .select({
      // Revenue is net of refunds.
      cents: sql<string>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)`,
      orders: count(),
    })
    .from(orders)
    .where(inArray(orders.paymentStatus, [...PAID]));
  return { cents: Number(row?.cents ?? 0), orders: row?.orders ?? 0 };
}

export async function countByStatus(db: Executor) {
  return db
    .select({ status: orders.orderStatus, count: count() })
    .from(orders)
    .groupBy(orders.orderStatus);
}

/** Paid orders per UTC day since `from`. */
export async function paidByDay(db: Executor, from: Date) {
  const day = sql<string>`to_char(${orders.orderDate} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      cents: sql<string>`sum(${orders.totalCents} - ${orders.refundedCents})`,
      orders: count(),
    })
    .from(orders)
    .where(and(inArray(orders.paymentStatus, [...PAID]), gte(orders.orderDate, from)))
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, cents: Number(r.cents), orders: r.orders }));
}
