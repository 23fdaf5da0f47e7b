import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { orderItems, orders } from './orders.table';

/** What a shopper has bought: the reviews module asks before accepting a review. */
export class PurchasesService {
  constructor(private readonly db: Db) {}

  /** True when the user has a paid order with a line of this product. */
  async hasPurchased(userId: string, productId: string, tx: Executor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ one: sql<number>`1` })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.paymentStatus, 'paid'),
          eq(orderItems.productId, productId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }
}
