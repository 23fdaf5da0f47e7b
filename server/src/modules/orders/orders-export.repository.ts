import type { OrdersExportQuery } from '@contract/csv';
import { and, asc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders } from './orders.table';

// The CSV export's reads of orders (through ./index.ts), page by page in key order, so an export
// of any size holds one page at a time.

const DAY_MS = 86_400_000;

function orderFilter(query: OrdersExportQuery, after: number | null): SQL | undefined {
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  const to = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined;
  return and(
    from && gte(orders.orderDate, from),
    to && lt(orders.orderDate, to),
    query.status && eq(orders.orderStatus, query.status),
    after !== null ? gt(orders.orderNumber, after) : undefined,
  );
}

/**
 * One page of orders (by order number: unique, in the order they were placed) with their lines;
 * each with its shopper's id or its guest's email (the accounts are the auth module's).
 */
export async function pageOfOrdersToExport(
  db: Executor,
  query: OrdersExportQuery,
  afterNumber: number | null,
  limit: number,
) {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      userId: orders.userId,
      guestEmail: orders.guestEmail,
      recipientName: orders.recipientName,
      region: orders.region,
      country: orders.country,
      shippingMethod: orders.shippingMethod,
      refundedCents: orders.refundedCents,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      shippingCents: orders.shippingCents,
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(orderFilter(query, afterNumber))
    .orderBy(asc(orders.orderNumber))
    .limit(limit);
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.title), asc(orderItems.id));
  const byOrder = new Map<string, (typeof lines)[number][]>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  return rows.map((order) => ({ order, lines: byOrder.get(order.id) ?? [] }));
}

// Spent: paid, refunds and chargebacks after the sale taken off.
const SPENT = ['paid', 'partially_refunded', 'refunded'] as const;

/** Each shopper's number of orders and spend (cents), for the given accounts that ordered. */
export async function orderFiguresOf(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { orderCount: number; spentCents: number }>();
  const rows = await db
    .select({
      userId: orders.userId,
      orderCount: sql<number>`count(*)::int`,
      spentCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents} - ${orders.reversedCents}) filter (where ${inArray(orders.paymentStatus, [...SPENT])}), 0)::int`,
    })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return new Map(rows.map(({ userId, ...figures }) => [userId!, figures]));
}
