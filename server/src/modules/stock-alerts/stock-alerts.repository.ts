import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stockAlerts } from './stock-alerts.table';

export async function listByUser(db: Executor, userId: string) {
  return db
    .select({
      productId: stockAlerts.productId,
      variantId: stockAlerts.variantId,
      createdAt: stockAlerts.createdAt,
    })
    .from(stockAlerts)
    .where(eq(stockAlerts.userId, userId))
    .orderBy(desc(stockAlerts.createdAt));
}

export async function lockUser(db: Executor, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock-alerts:${userId}`}))`);
}

export async function countByUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(stockAlerts)
    .where(eq(stockAlerts.userId, userId));
  return row?.value ?? 0;
}

/** Asking twice keeps one request. */
export async function insert(
  db: Executor,
  userId: string,
  productId: string,
  variantId: string | null,
) {
  await db.insert(stockAlerts).values({ userId, productId, variantId }).onConflictDoNothing();
}

export async function remove(
  db: Executor,
  userId: string,
  productId: string,
  variantId: string | null,
) {
  await db
    .delete(stockAlerts)
    .where(
      and(
        eq(stockAlerts.userId, userId),
        eq(stockAlerts.productId, productId),
        variantId ? eq(stockAlerts.variantId, variantId) : isNull(stockAlerts.variantId),
      ),
    );
}

/** Every stock alert of the user (their account's erasure, through ./index.ts). */
export async function deleteStockAlertsOf(db: Executor, userId: string) {
  await db.delete(stockAlerts).where(eq(stockAlerts.userId, userId));
}
