import { and, desc, eq, exists, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import type { OrdersService } from './orders.service';
import { orderItems, orders } from './orders.table';

/** Enough orders of one product to find a kept unit; nobody orders one product more often. */
const ORDERS_OF_PRODUCT = 50;

/** A size a shopper bought and kept (issue 28's "find my size"). */
export type KeptSize = { productId: string; size: string; orderDate: Date };

/**
 * What a shopper has bought: the reviews module asks for the orders of a product before
 * accepting a review, "find my size" for the sizes they kept.
 */
export class PurchasesService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
  ) {}

  /**
   * The user's orders with a line of this product, newest first, with their shipments and
   * returns: the reviews module decides from them whether the user kept a delivered unit.
   */
  async ordersOfProduct(userId: string, productId: string, tx: Executor = this.db) {
    const rows = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          exists(
            tx
              .select({ one: sql`1` })
              .from(orderItems)
              .where(and(eq(orderItems.orderId, orders.id), eq(orderItems.productId, productId))),
          ),
        ),
      )
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(ORDERS_OF_PRODUCT);
    return this.orders.withItems(rows, tx);
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
