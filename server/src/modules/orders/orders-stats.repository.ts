import { and, count, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { PAID } from './orders.repository';
import { orders } from './orders.table';

// Dashboard figures.

export async function paidRevenue(db: Executor) {
  const [row] = await db
    .select({
      // Revenue is net of refunds.
      cents: sql<string>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)`,
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
