import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cartItems, carts } from './cart.table';

export async function findCartId(db: Executor, userId: string) {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return row?.id;
}

/** The user's cart, created on first use; safe when two requests create it at once. */
export async function ensureCart(db: Executor, userId: string) {
  const [row] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: new Date() } })
    .returning({ id: carts.id });
  return row!.id;
}

export async function findItems(db: Executor, cartId: string) {
  return db
    .select({
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId), asc(cartItems.variantId));
}

/** A line: the product's plain line when variantId is null. */
export type LineKey = { productId: string; variantId: string | null };

const lineOf = (cartId: string, key: LineKey) =>
  and(
    eq(cartItems.cartId, cartId),
    eq(cartItems.productId, key.productId),
    key.variantId ? eq(cartItems.variantId, key.variantId) : isNull(cartItems.variantId),
  );

/** Adds to the line (or creates it) and returns the line's new quantity. */
export async function addToItem(db: Executor, cartId: string, key: LineKey, quantity: number) {
  const [row] = await db
    .insert(cartItems)
    .values({ cartId, ...key, quantity })
    .onConflictDoUpdate({
      // cart_items_line_key is NULLS NOT DISTINCT: a plain product's line conflicts too.
      target: [cartItems.cartId, cartItems.productId, cartItems.variantId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
    })
    .returning({ quantity: cartItems.quantity });
  return row!.quantity;
}

export async function setItemQuantity(
  db: Executor,
  cartId: string,
  key: LineKey,
  quantity: number,
) {
  const rows = await db
    .update(cartItems)
    .set({ quantity })
    .where(lineOf(cartId, key))
    .returning({ productId: cartItems.productId });
  return rows.length > 0;
}

export async function deleteItem(db: Executor, cartId: string, key: LineKey) {
  const rows = await db
    .delete(cartItems)
    .where(lineOf(cartId, key))
    .returning({ productId: cartItems.productId });
  return rows.length > 0;
}

/** The variants of a product the cart holds lines of (null for its plain line). */
export async function findLinesOfProduct(db: Executor, cartId: string, productId: string) {
  const rows = await db
    .select({ variantId: cartItems.variantId })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  return rows.map((r) => r.variantId);
}

export async function deleteAllItems(db: Executor, cartId: string) {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}
