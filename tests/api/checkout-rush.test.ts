import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products, productVariants } from '../../server/src/db/schema';
import { createOrder, makeShopperReady } from '../factories/checkout';
import { makeProduct, variantOf } from '../factories/products';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

// A sale-day crowd: many shoppers whose carts hold several sizes of the same products check out
// at once. On PostgreSQL each create runs on its own connection, so rows locked in a different
// order by two checkouts deadlock; every answer must be 2xx or a clear 4xx, and stock must add up.

let t: PayPalTestApp;
beforeAll(async () => {
  t = await createPayPalTestApp();
});
afterAll(() => t.close());

const sizes = ['S', 'M', 'L', 'XL'];
const shirt = (title: string, stock: number) =>
  makeProduct(t, {
    title,
    variants: sizes.map((size) => ({ size, color: 'Blue', totalStock: stock })),
  });

const variantStock = async (ids: string[]) =>
  t.db
    .select({ id: productVariants.id, stock: productVariants.totalStock })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));

describe('a checkout rush', () => {
  it('answers every create of overlapping multi-size carts with 2xx or 4xx, and conserves stock', async () => {
    const a = await shirt('Rush Shirt A', 12);
    const b = await shirt('Rush Shirt B', 12);
    // Each cart holds two or three sizes, in different orders, of both products.
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [first, second] = i % 2 ? [a, b] : [b, a];
        const picks = [
          { product: first, variantId: variantOf(first, sizes[i % 4]!, 'Blue')._id },
          { product: first, variantId: variantOf(first, sizes[(i + 1) % 4]!, 'Blue')._id },
          { product: second, variantId: variantOf(second, sizes[(i + 2) % 4]!, 'Blue')._id },
        ];
        return makeShopperReady(t, i % 3 ? picks : picks.slice(0, 2));
      }),
    );

    const answers = await Promise.all(
      shoppers.map(({ user, addressId }) => createOrder(t, user, addressId)),
    );
    // There is stock for every cart: each create must succeed, however the locks fell.
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);

    // Stock taken equals what the pending orders hold, per variant and per product.
    const ids = [...a.variants, ...b.variants].map((v) => v._id);
    const held = await t.db
      .select({
        variantId: orderItems.variantId,
        quantity: sql<number>`sum(${orderItems.quantity})::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(pendingLinesOf(ids))
      .groupBy(orderItems.variantId);
    const heldBy = new Map(held.map((h) => [h.variantId, h.quantity]));
    for (const { id, stock } of await variantStock(ids)) {
      expect(stock + (heldBy.get(id) ?? 0)).toBe(12);
    }
    for (const product of [a, b]) {
      const [row] = await t.db
        .select({ s: products.totalStock })
        .from(products)
        .where(eq(products.id, product._id));
      const own = product.variants.map((v) => v._id);
      const left = (await variantStock(own)).reduce((sum, v) => sum + v.stock, 0);
      expect(row!.s).toBe(left);
    }
  });
});

function pendingLinesOf(variantIds: string[]) {
  return sql`${orders.paymentStatus} = 'pending' and ${inArray(orderItems.variantId, variantIds)}`;
}
