import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Brand, Category, SortKey } from '../../../../contract/catalog';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';
import { productVariants } from './variants.table';

export type ListingFilter = {
  category?: Category[] | undefined;
  brand?: Brand[] | undefined;
  size?: string[] | undefined;
  color?: string[] | undefined;
  /** Bounds of the price paid, in cents. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
};

const v = productVariants;

/** One in-stock variant of the product matches both the size and the colour filter. */
function variantMatch(size: string[], color: string[]) {
  return and(
    sql`${v.totalStock} > 0`,
    size.length ? inArray(v.size, size) : undefined,
    color.length ? inArray(v.color, color) : undefined,
  );
}

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
  const { category = [], brand = [], size = [], color = [], minPrice, maxPrice } = filter;
  return and(
    size.length || color.length
      ? sql`exists (select 1 from ${v} where ${v.productId} = ${products.id} and ${variantMatch(size, color)})`
      : undefined,
    minPrice !== undefined ? gte(products.payPriceCents, minPrice) : undefined,
    maxPrice !== undefined ? lte(products.payPriceCents, maxPrice) : undefined,
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

/** Products per value of a product column, under a filter (without that column's own). */
export async function countBy(db: Executor, column: 'category' | 'brand', filter: ListingFilter) {
  const key = products[column];
  return db
    .select({ value: key, count: count() })
    .from(products)
    .where(whereOf(filter))
    .groupBy(key);
}

/**
 * Products per size (or colour) having an in-stock variant of it, under the other filters: the
 * colour filter (or size) applies to the same variant, the rest to the product.
 */
export async function countByOption(db: Executor, option: 'size' | 'color', filter: ListingFilter) {
  const { size = [], color = [], ...productFilter } = filter;
  const key = v[option];
  const sameVariant = option === 'size' ? variantMatch([], color) : variantMatch(size, []);
  const productWhere = whereOf(productFilter);
  const query = db
    .select({ value: key, count: sql<number>`count(distinct ${v.productId})::int` })
    .from(v);
  // The product table is joined only when a product-level filter needs it.
  const rows = await (productWhere
    ? query
        .innerJoin(products, eq(products.id, v.productId))
        .where(and(sameVariant, sql`${key} <> ''`, productWhere))
    : query.where(and(sameVariant, sql`${key} <> ''`))
  ).groupBy(key);
  return rows;
}

/** The lowest and highest price paid (cents) under a filter. */
export async function priceRange(db: Executor, filter: ListingFilter) {
  const [row] = await db
    .select({
      min: sql<number | null>`min(${products.payPriceCents})`,
      max: sql<number | null>`max(${products.payPriceCents})`,
    })
    .from(products)
    .where(whereOf(filter));
  return { min: row?.min ?? null, max: row?.max ?? null };
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
