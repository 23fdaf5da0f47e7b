import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { savedItems } from './wishlist.table';

export async function listByUser(db: Executor, userId: string) {
  return db
    .select()
    .from(savedItems)
    .where(eq(savedItems.userId, userId))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.productId));
}

/** Holds until the transaction ends: one change of this shopper's list at a time. */
export async function lockUser(db: Executor, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`wishlist:${userId}`}))`);
}

export async function countByUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(savedItems)
    .where(eq(savedItems.userId, userId));
  return row?.value ?? 0;
}

/** Saving twice keeps the first save (and its date). */
export async function insert(db: Executor, userId: string, productId: string) {
  await db.insert(savedItems).values({ userId, productId }).onConflictDoNothing();
}

export async function exists(db: Executor, userId: string, productId: string) {
  const [row] = await db
    .select({ productId: savedItems.productId })
    .from(savedItems)
    .where(and(eq(savedItems.userId, userId), eq(savedItems.productId, productId)));
  return row !== undefined;
}

export async function remove(db: Executor, userId: string, productId: string) {
  await db
    .delete(savedItems)
    .where(and(eq(savedItems.userId, userId), eq(savedItems.productId, productId)));
}

/** Every saved item of the user (their account's erasure, through ./index.ts). */
export async function deleteSavedItemsOf(db: Executor, userId: string) {
  await db.delete(savedItems).where(eq(savedItems.userId, userId));
}
