import type { Review } from '@contract/reviews';
import { avg, count, desc, eq, sql } from 'drizzle-orm';
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
    size: row.size,
    fit: row.fit,
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

/** A shopper's reviews, newest first (the admin's customer page). */
export async function listForUser(db: Executor, userId: string, limit: number) {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

export async function insertReview(db: Executor, values: typeof reviews.$inferInsert) {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

const countFit = (fit: 'small' | 'true' | 'large') =>
  sql<number>`count(*) filter (where ${reviews.fit} = ${fit})`.mapWith(Number);

/** Average, count and fit answers of a product's reviews, read in the writer's transaction. */
export async function statsForProduct(db: Executor, productId: string) {
  const [row] = await db
    .select({
      average: avg(reviews.reviewValue),
      count: count(),
      small: countFit('small'),
      true: countFit('true'),
      large: countFit('large'),
    })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  return {
    average: Number(row?.average ?? 0),
    count: row?.count ?? 0,
    fit: { small: row?.small ?? 0, true: row?.true ?? 0, large: row?.large ?? 0 },
  };
}

/**
 * A person's erasure: every review the user wrote keeps its rating, size and fit under
 * `userName` (the shop's "Former customer"), and loses its text, which is theirs to take back;
 * returns the reviewed products' ids, one per review.
 */
export async function anonymiseReviewsOf(db: Executor, userId: string, userName: string) {
  const rows = await db
    .update(reviews)
    .set({ userName, reviewMessage: '' })
    .where(eq(reviews.userId, userId))
    .returning({ productId: reviews.productId });
  return rows.map((r) => r.productId);
}
