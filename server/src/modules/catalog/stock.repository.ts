import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';

const saleColumns = {
  id: products.id,
  title: products.title,
  image: products.image,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  totalStock: products.totalStock,
};

export type SaleProduct = {
  id: string;
  title: string;
  image: string;
  priceCents: number;
  salePriceCents: number;
  totalStock: number;
};

export async function findSaleProducts(db: Executor, ids: string[]): Promise<SaleProduct[]> {
  if (ids.length === 0) return [];
  return db.select(saleColumns).from(products).where(inArray(products.id, ids));
}

/** Takes `quantity` off the stock only if that much is left; undefined when it is not. */
export async function decrementStock(db: Executor, id: string, quantity: number) {
  const [row] = await db
    .update(products)
    .set({ totalStock: sql`${products.totalStock} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, id), gte(products.totalStock, quantity)))
    .returning(saleColumns);
  return row;
}

/** Puts stock back; a product deleted since simply has nothing to return to. */
export async function incrementStock(db: Executor, id: string, quantity: number) {
  await db
    .update(products)
    .set({ totalStock: sql`${products.totalStock} + ${quantity}`, updatedAt: new Date() })
    .where(eq(products.id, id));
}

export async function findLowStock(db: Executor, threshold: number, limit: number) {
  return db
    .select({
      id: products.id,
      title: products.title,
      image: products.image,
      totalStock: products.totalStock,
    })
    .from(products)
    .where(lt(products.totalStock, threshold))
    .orderBy(asc(products.totalStock), asc(products.title), asc(products.id))
    .limit(limit);
}
