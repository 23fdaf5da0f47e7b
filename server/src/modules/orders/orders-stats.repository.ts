import { and, count, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { PAID } from './orders.repository';
import { orders } from './orders.table';

// Dashboard figures.

export async function paidRevenue(db: Executor) {
  const [row] = await db
    .select({
      // Revenue is net of refunds and chargebacks.
      cents: sql<string>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents} - ${orders.reversedCents}), 0)`,
      orders: count(),
      discountCents: sql<string>`coalesce(sum(${orders.discountCents}), 0)`,
    })
    .from(orders)
    .where(inArray(orders.paymentStatus, [...PAID]));
  return {
    cents: Number(row?.cents ?? 0),
    orders: row?.orders ?? 0,
    discountCents: Number(row?.discountCents ?? 0),
  };
}

export async function countByStatus(db: Executor) {
  return db
    .select({ status: orders.orderStatus, count: count() })
    .from(orders)
    .groupBy(orders.orderStatus);
}

/** The orders confirmed or in process (id and status): those the shop may still have to send. */
export async function openOrders(db: Executor) {
  return db
    .select({ id: orders.id, status: orders.orderStatus })
    .from(orders)
    .where(inArray(orders.orderStatus, ['confirmed', 'inProcess']));
}

export async function findOrders(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(orders).where(inArray(orders.id, ids));
}

/** Paid orders per UTC day since `from`. */
export async function paidByDay(db: Executor, from: Date) {
  const day = sql<string>`to_char(${orders.orderDate} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      cents: sql<string>`sum(${orders.totalCents} - ${orders.refundedCents} - ${orders.reversedCents})`,
      orders: count(),
    })
    .from(orders)
    .where(and(inArray(orders.paymentStatus, [...PAID]), gte(orders.orderDate, from)))
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, cents: Number(r.cents), orders: r.orders }));
}
