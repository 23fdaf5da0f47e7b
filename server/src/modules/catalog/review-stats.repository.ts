import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';

// A product's review average, count and fit answers, columns of its row: the reviews module
// computes them and the storefront's ListingService stores them (exported through index.ts).

/** Locks the product row so concurrent reviews of one product update its average in turn. */
export async function lockProduct(db: Executor, id: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row !== undefined;
}

export type ReviewStats = {
  average: number;
  count: number;
  /** Fit answers (issue 28). */
  fit: { small: number; true: number; large: number };
};

export async function setReviewStats(db: Executor, id: string, stats: ReviewStats) {
  await db
    .update(products)
    .set({
      averageReview: stats.average,
      reviewCount: stats.count,
      fitSmall: stats.fit.small,
      fitTrue: stats.fit.true,
      fitLarge: stats.fit.large,
    })
    .where(eq(products.id, id));
}
