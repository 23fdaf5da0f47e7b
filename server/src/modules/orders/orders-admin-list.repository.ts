import type { AdminOrderSort, AdminOrdersQuery } from '@contract/orders';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../lib/like-pattern';
import { customerIdsMatching } from '../customers';
import { orders } from './orders.table';

const DAY_MS = 86_400_000;
/** An order number as typed (#100042 or 100042); nine digits keep it inside an integer. */
const ORDER_NUMBER = /^#?(\d{1,9})$/;

const sorts: Record<AdminOrderSort, SQL[]> = {
  newest: [desc(orders.orderDate), desc(orders.id)],
  oldest: [asc(orders.orderDate), asc(orders.id)],
  total_desc: [desc(orders.totalCents), desc(orders.orderDate), desc(orders.id)],
  total_asc: [asc(orders.totalCents), desc(orders.orderDate), desc(orders.id)],
};

/**
 * The search: the number, the guest's email, the order's recipient name, or a customer whose
 * account name or email contains it (the name and email the admin's list shows).
 */
function matching(db: Executor, search: string) {
  const pattern = containsPattern(search);
  const number = ORDER_NUMBER.exec(search)?.[1];
  return or(
    number ? eq(orders.orderNumber, Number(number)) : undefined,
    sql`${orders.guestEmail} ilike ${pattern}`,
    sql`${orders.recipientName} ilike ${pattern}`,
    inArray(orders.userId, customerIdsMatching(db, search)),
  );
}

/** `from` and `to` are UTC days, both included: the list shows an order's UTC date. */
function filtered(db: Executor, q: AdminOrdersQuery) {
  return and(
    q.search ? matching(db, q.search) : undefined,
    q.status ? eq(orders.orderStatus, q.status) : undefined,
    q.paymentStatus ? eq(orders.paymentStatus, q.paymentStatus) : undefined,
    q.from ? gte(orders.orderDate, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(orders.orderDate, new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS)) : undefined,
  );
}

export async function listAdminPage(db: Executor, q: AdminOrdersQuery) {
  return db
    .select()
    .from(orders)
    .where(filtered(db, q))
    .orderBy(...sorts[q.sort])
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
}

export async function countAdmin(db: Executor, q: AdminOrdersQuery) {
  const [row] = await db.select({ value: count() }).from(orders).where(filtered(db, q));
  return row?.value ?? 0;
}
