import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders } from './orders.table';

// What the returns module reads of orders (through ./index.ts): the numbers and lines its
// returns show, and the units sold that its report sets returns against.

/** The order numbers of these orders, by order id. */
export async function orderNumbersOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.id, r.orderNumber]));
}

/** These order lines' title, size and colour, by title (ties by id). */
export async function orderLinesOf(db: Executor, lineIds: string[]) {
  if (lineIds.length === 0) return [];
  return db
    .select({
      id: orderItems.id,
      title: orderItems.title,
      size: orderItems.size,
      color: orderItems.color,
    })
    .from(orderItems)
    .where(inArray(orderItems.id, lineIds))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
}

// Sold: paid (refunds after the sale included), not cancelled by the shopper.
const SOLD = ['paid', 'partially_refunded', 'refunded'] as const;

/** Units of these products sold per size (its title beside) in the orders placed since `from`. */
export function unitsSoldBySize(db: Executor, from: Date, productIds: string[]) {
  return db
    .select({
      productId: orderItems.productId,
      size: orderItems.size,
      title: sql<string>`max(${orderItems.title})`,
      units: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.productId, productIds),
        gte(orders.orderDate, from),
        inArray(orders.paymentStatus, [...SOLD]),
        ne(orders.orderStatus, 'cancelled'),
      ),
    )
    .groupBy(orderItems.productId, orderItems.size);
}
