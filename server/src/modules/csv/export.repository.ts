import type { OrdersExportQuery } from '@contract/csv';
import { and, asc, eq, gt, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../auth/auth.table';
import { orderItems, orders } from '../orders/orders.table';

// A read-only report over the orders and accounts tables, page by page in key order, so an
// export of any size holds one page at a time (the owning modules offer no such reader).

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

/** One page of orders (by order number: unique, in the order they were placed) with their customer's email and their lines. */
export async function pageOfOrders(
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
      email: sql<string>`coalesce(${users.email}, ${orders.guestEmail}, '')`,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      shippingCents: orders.shippingCents,
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
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

const SPENT = sql.raw(`o.payment_status in ('paid', 'partially_refunded', 'refunded')`);

/** One page of shoppers' accounts (erased ones left out) with their orders and spend. */
export async function pageOfCustomers(db: Executor, afterId: string | null, limit: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      userName: users.userName,
      createdAt: users.createdAt,
      // Qualified by hand: drizzle writes a subquery's columns unqualified, which would bind
      // users.id to orders.id here.
      orderCount: sql<number>`(select count(*)::int from orders o where o.user_id = "users"."id")`,
      spentCents: sql<number>`(select coalesce(sum(o.total_cents - o.refunded_cents), 0)::int from orders o where o.user_id = "users"."id" and ${SPENT})`,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'shopper'),
        isNull(users.deletedAt),
        afterId ? sql`${users.id} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}
