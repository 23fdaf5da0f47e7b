import type { AdminProductsFilters } from '@contract/admin-product-list';
import { brandLabels, brands, lowStockThreshold, type StockLevel } from '@contract/catalog';
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../lib/like-pattern';
import { products } from './catalog.table';
import { productVariants } from './variants.table';

const stockLevels: Record<StockLevel, SQL> = {
  out: eq(products.totalStock, 0),
  low: between(products.totalStock, 1, lowStockThreshold - 1),
  in: gte(products.totalStock, 1),
};

/** The brands whose label the admin sees ("Levi's", "H&M") contains the search. */
const brandsLabelled = (search: string) =>
  brands.filter((b) => brandLabels[b].toLowerCase().includes(search.toLowerCase()));

/** Title, brand, the product's SKU or any of its variants' SKUs, case-insensitively. */
function matching(db: Executor, search: string) {
  const pattern = containsPattern(search);
  const labelled = brandsLabelled(search);
  return or(
    sql`${products.title} ilike ${pattern}`,
    sql`${products.brand} ilike ${pattern}`,
    labelled.length > 0 ? inArray(products.brand, labelled) : undefined,
    sql`${products.sku} ilike ${pattern}`,
    exists(
      db
        .select({ one: sql`1` })
        .from(productVariants)
        .where(
          and(
            eq(productVariants.productId, products.id),
            sql`${productVariants.sku} ilike ${pattern}`,
          ),
        ),
    ),
  );
}

function filtered(db: Executor, q: AdminProductsFilters) {
  return and(
    q.search ? matching(db, q.search) : undefined,
    q.category ? eq(products.category, q.category) : undefined,
    q.brand ? eq(products.brand, q.brand) : undefined,
    q.stock ? stockLevels[q.stock] : undefined,
  );
}

/**
 * The products the filters keep, newest first (a batch added at once by title): the admin's
 * list, whole without a page.
 */
export function listAdmin(
  db: Executor,
  q: AdminProductsFilters,
  page?: { limit: number; offset: number },
) {
  const query = db
    .select()
    .from(products)
    .where(filtered(db, q))
    .orderBy(desc(products.createdAt), asc(products.title), asc(products.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countAdmin(db: Executor, q: AdminProductsFilters) {
  const [row] = await db.select({ value: count() }).from(products).where(filtered(db, q));
  return row?.value ?? 0;
}
