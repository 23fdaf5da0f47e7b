import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { PAID } from './orders.repository';
import { orders } from './orders.table';

/**
 * A paid order's last parcel arrived: the order is delivered, its delivered_at that parcel's
 * (the first date kept: the withdrawal period and the return window count from it).
 */
export async function markDelivered(db: Executor, id: string, deliveredAt: Date) {
  const [row] = await db
    .update(orders)
    .set({
      orderStatus: 'delivered',
      orderUpdateDate: sql`now()`,
      deliveredAt: sql`coalesce(${orders.deliveredAt}, ${deliveredAt.toISOString()}::timestamptz)`,
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
