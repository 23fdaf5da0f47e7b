import type { Offer } from '@contract/catalog-constants';
import type { ProductFilterKey } from '@contract/listing';
import { saleAnnouncementCents } from '@contract/prior-price';
import { inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { priorPricesToRead } from './catalog.repository';
import { products } from './catalog.table';
import { productVariants } from './variants.table';

// What the storefront's listing index (storefront/listing-index.ts) loads of the catalogue:
// exported through index.ts.

/** The column each product filter reads (a new product filter adds its column here). */
const factColumns = {
  category: products.category,
  brand: products.brand,
  fibre: products.mainFibre,
} satisfies Record<Exclude<ProductFilterKey, 'offer'>, PgColumn>;

/**
 * Every product's filterable facts (or these products'), its price and title key, and the size
 * and colour of each in-stock variant: two queries, run together. `offer` is 'sale' for a
 * reduction the shop may announce (contract/prior-price.ts), from the stored prior price (or
 * the history's, for a row another writer's price change left without one).
 */
export async function listingRows(db: Db, ids?: string[]) {
  const [rows, options] = await Promise.all([
    db
      .select({
        id: products.id,
        ...factColumns,
        priceCents: sql<number>`${products.payPriceCents}`,
        titleKey: sql<string>`lower(${products.title})`,
        salePriceCents: products.salePriceCents,
        priorPriceCents: products.priorPriceCents,
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
  const fromHistory = await priorPricesToRead(db, rows);
  const facts = rows.map(({ salePriceCents, priorPriceCents, ...row }) => {
    const prior = priorPriceCents ?? fromHistory.get(row.id);
    const offer: Offer | '' = saleAnnouncementCents(salePriceCents, prior) ? 'sale' : '';
    return { ...row, offer };
  });
  return [facts, options] as const;
}
