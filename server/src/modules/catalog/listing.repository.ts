import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Brand, Category, SortKey } from '../../../../contract/catalog';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';

export type ListingFilter = { category?: Category[]; brand?: Brand[] };

/**
 * Title sorts compare lower-cased titles byte-wise, so the order is the same on PGlite and on a
 * PostgreSQL whatever its default collation; `products_*title_sort_idx` index this expression.
 */
export const titleSortKey = sql`lower(${products.title}) collate "C"`;

// Every order ends in the id so equal prices or titles keep one order across pages.
const orderings: Record<SortKey, SQL[]> = {
  'price-lowtohigh': [asc(products.payPriceCents), asc(products.id)],
  'price-hightolow': [desc(products.payPriceCents), desc(products.id)],
  'title-atoz': [asc(titleSortKey), asc(products.id)],
  'title-ztoa': [desc(titleSortKey), desc(products.id)],
};

function whereOf(filter: ListingFilter) {
  const { category = [], brand = [] } = filter;
  return and(
    // `=` for one value lets the planner walk the (category, sort key, id) index in order.
    category.length === 1
      ? eq(products.category, category[0]!)
      : category.length
        ? inArray(products.category, category)
        : undefined,
    brand.length === 1
      ? eq(products.brand, brand[0]!)
      : brand.length
        ? inArray(products.brand, brand)
        : undefined,
  );
}

export async function findPage(
  db: Executor,
  filter: ListingFilter,
  sortBy: SortKey,
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(products)
    .where(whereOf(filter))
    .orderBy(...orderings[sortBy])
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMatching(db: Executor, filter: ListingFilter) {
  const [row] = await db.select({ value: count() }).from(products).where(whereOf(filter));
  return row?.value ?? 0;
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
