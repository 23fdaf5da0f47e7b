import { and, asc, eq, sql } from 'drizzle-orm';
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
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));
}

/** Adds to the line (or creates it) and returns the line's new quantity. */
export async function addToItem(db: Executor, cartId: string, productId: string, quantity: number) {
  const [row] = await db
    .insert(cartItems)
    .values({ cartId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
    })
    .returning({ quantity: cartItems.quantity });
  return row!.quantity;
}

export async function setItemQuantity(
  db: Executor,
  cartId: string,
  productId: string,
  quantity: number,
) {
  const rows = await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
    .returning({ productId: cartItems.productId });
  return rows.length > 0;
}

export async function deleteItem(db: Executor, cartId: string, productId: string) {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
    .returning({ productId: cartItems.productId });
  return rows.length > 0;
}

export async function deleteAllItems(db: Executor, cartId: string) {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}
