import type { ProductFilterKey } from '@contract/listing';
import { inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { products } from './catalog.table';
import { productVariants } from './variants.table';

// What the storefront's listing index (storefront/listing-index.ts) loads of the catalogue:
// exported through index.ts.

/** The column each product filter reads (a new product filter adds its column here). */
const factColumns = {
  category: products.category,
  brand: products.brand,
  fibre: products.mainFibre,
} satisfies Record<ProductFilterKey, PgColumn>;

/**
 * Every product's filterable facts (or these products'), its price and title key, and the size
 * and colour of each in-stock variant: two queries, run together.
 */
export function listingRows(db: Db, ids?: string[]) {
  return Promise.all([
    db
      .select({
        id: products.id,
        ...factColumns,
        priceCents: sql<number>`${products.payPriceCents}`,
        titleKey: sql<string>`lower(${products.title})`,
      })
      .from(products)
      .where(ids && inArray(products.id, ids)),
    db
      .select({
        productId: productVariants.productId,
        size: productVariants.size,
        color: productVariants.color,
      })
      .from(productVariants)
      .where(
        ids
          ? sql`${productVariants.totalStock} > 0 and ${inArray(productVariants.productId, ids)}`
          : sql`${productVariants.totalStock} > 0`,
      ),
  ]);
}
