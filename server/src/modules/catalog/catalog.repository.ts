import { eq } from 'drizzle-orm';
import type { Product } from '../../../../contract/catalog';
import { fromCents } from '../../../../contract/money';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';

export type ProductRow = typeof products.$inferSelect;

/** The API shape of a product: `_id`, money as decimals. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    image: row.image,
    title: row.title,
    description: row.description,
    category: row.category as Product['category'],
    brand: row.brand as Product['brand'],
    price: fromCents(row.priceCents),
    salePrice: fromCents(row.salePriceCents),
    totalStock: row.totalStock,
    averageReview: Math.round(row.averageReview * 100) / 100,
  };
}

export async function findProductRow(db: Executor, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}
