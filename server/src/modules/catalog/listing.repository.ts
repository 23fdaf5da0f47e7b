import { eq, inArray } from 'drizzle-orm';
import type { Brand, Category } from '../../../../contract/catalog';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';

export type ListingFilter = {
  category?: Category[] | undefined;
  brand?: Brand[] | undefined;
  size?: string[] | undefined;
  color?: string[] | undefined;
  /** Bounds of the price paid, in cents. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
};

/** These products, in the order of `ids` (unknown ids are skipped). */
export async function findByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Locks the product row so concurrent reviews of one product update its average in turn. */
export async function lockProduct(db: Executor, id: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row !== undefined;
}

export async function setReviewStats(
  db: Executor,
  id: string,
  stats: { average: number; count: number },
) {
  await db
    .update(products)
    .set({ averageReview: stats.average, reviewCount: stats.count })
    .where(eq(products.id, id));
}
