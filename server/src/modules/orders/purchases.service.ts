import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { orderItems, orders } from './orders.table';

/** A size a shopper bought and kept (issue 28's "find my size"). */
export type KeptSize = { productId: string; size: string; orderDate: Date };

/**
 * What a shopper has bought: the reviews module asks before accepting a review (and for the
 * size a reviewer bought), "find my size" for the sizes they kept.
 */
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

  /** The size of the user's latest paid line of this product; null when it has no size. */
  async sizeBought(userId: string, productId: string, tx: Executor = this.db) {
    const [row] = await tx
      .select({ size: orderItems.size })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.paymentStatus, 'paid'),
          eq(orderItems.productId, productId),
          ne(orderItems.size, ''),
        ),
      )
      .orderBy(desc(orders.orderDate), desc(orderItems.id))
      .limit(1);
    return row?.size ?? null;
  }

  /**
   * The sizes the user last bought and kept, newest first: sized lines of paid orders that
   * were not rejected (a refund turns the payment status away from 'paid'). Returns (issue
   * 26) will count once they exist.
   */
  async keptSizes(userId: string, limit = 50): Promise<KeptSize[]> {
    return this.db
      .select({
        productId: orderItems.productId,
        size: orderItems.size,
        orderDate: orders.orderDate,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.paymentStatus, 'paid'),
          notInArray(orders.orderStatus, ['rejected', 'cancelled']),
          ne(orderItems.size, ''),
        ),
      )
      .orderBy(desc(orders.orderDate), desc(orderItems.id))
      .limit(limit);
  }
}
