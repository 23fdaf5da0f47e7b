import { avg, count, desc, eq } from 'drizzle-orm';
import type { Review } from '../../../../contract/reviews';
import type { Executor } from '../../db/client';
import { reviews } from './reviews.table';

export type ReviewRow = typeof reviews.$inferSelect;

export function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    productId: row.productId,
    userId: row.userId,
    userName: row.userName,
    reviewMessage: row.reviewMessage,
    reviewValue: row.reviewValue,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listForProduct(db: Executor, productId: string, limit: number) {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

export async function insertReview(db: Executor, values: typeof reviews.$inferInsert) {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

/** Average and count of a product's reviews, read inside the writer's transaction. */
export async function statsForProduct(db: Executor, productId: string) {
  const [row] = await db
    .select({ average: avg(reviews.reviewValue), count: count() })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  return { average: Number(row?.average ?? 0), count: row?.count ?? 0 };
}
