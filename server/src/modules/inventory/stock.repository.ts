import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../catalog/catalog.table';
import { productColorImages, productVariants } from '../catalog/variants.table';

// The stock columns of the catalogue's rows, as StockService reads and moves them for a sale:
// the one file outside catalog/ that reads its tables (.dependency-cruiser.mjs).

const saleColumns = {
  id: products.id,
  title: products.title,
  category: products.category,
  brand: products.brand,
  image: products.image,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  totalStock: products.totalStock,
};

export type SaleProduct = {
  id: string;
  title: string;
  category: string;
  brand: string;
  image: string;
  priceCents: number;
  salePriceCents: number;
  totalStock: number;
};

export async function findSaleProducts(db: Executor, ids: string[]): Promise<SaleProduct[]> {
  if (ids.length === 0) return [];
  return db.select(saleColumns).from(products).where(inArray(products.id, ids));
}

/**
 * Locks products, then variants, each in id order: the one global order every writer of stock
 * keeps (an admin's edit takes its product, then its variants, the same way). NO KEY UPDATE, the
 * strength of the stock updates themselves, so cart lines (foreign keys) can still be added.
 */
export async function lockStockRows(db: Executor, productIds: string[], variantIds: string[]) {
  if (productIds.length > 0) {
    await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for('no key update');
  }
  if (variantIds.length > 0) {
    await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.id, variantIds))
      .orderBy(asc(productVariants.id))
      .for('no key update');
  }
}

/**
 * A product sold without options: once it has variants, its total is their sum and only a
 * variant can be sold (a cart line added before the admin gave it sizes must choose one).
 */
const hasNoVariants = sql`not exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`;

/** Takes `quantity` off a product sold without options, only if that much is left; else undefined. */
export function decrementStock(db: Executor, id: string, quantity: number) {
  return decrementTotal(db, id, quantity, hasNoVariants);
}

/** Takes `quantity` off a product's total (when `also` holds), only if that much is left. */
async function decrementTotal(db: Executor, id: string, quantity: number, also?: SQL) {
  const [row] = await db
    .update(products)
    .set({ totalStock: sql`${products.totalStock} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, id), gte(products.totalStock, quantity), also))
    .returning(saleColumns);
  return row;
}

/**
 * Puts stock back on a product without variants; a product deleted since, or one that has
 * variants now (its stock is their sum), has nothing to return to.
 */
export async function incrementStock(db: Executor, id: string, quantity: number) {
  await db
    .update(products)
    .set({ totalStock: sql`${products.totalStock} + ${quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, id), hasNoVariants));
}

const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  size: productVariants.size,
  color: productVariants.color,
  totalStock: productVariants.totalStock,
};

export type SaleVariant = {
  id: string;
  productId: string;
  size: string;
  color: string;
  totalStock: number;
  /** The colour's own picture, '' when it has none. */
  image: string;
};

export async function findSaleVariants(db: Executor, ids: string[]): Promise<SaleVariant[]> {
  if (ids.length === 0) return [];
  return db
    .select({ ...variantColumns, image: sql<string>`coalesce(${productColorImages.image}, '')` })
    .from(productVariants)
    .leftJoin(
      productColorImages,
      and(
        eq(productColorImages.productId, productVariants.productId),
        eq(productColorImages.color, productVariants.color),
      ),
    )
    .where(inArray(productVariants.id, ids));
}

export async function findVariantsOfProduct(db: Executor, productId: string) {
  return db
    .select(variantColumns)
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
}

/**
 * Takes `quantity` off a variant only if that much is left, then off its product's total (which
 * is their sum, so it has it too); undefined when the variant has not enough.
 */
export async function decrementVariantStock(
  db: Executor,
  productId: string,
  variantId: string,
  quantity: number,
) {
  const [variant] = await db
    .update(productVariants)
    .set({ totalStock: sql`${productVariants.totalStock} - ${quantity}` })
    .where(
      and(
        eq(productVariants.id, variantId),
        eq(productVariants.productId, productId),
        gte(productVariants.totalStock, quantity),
      ),
    )
    .returning(variantColumns);
  if (!variant) return undefined;
  const product = await decrementTotal(db, productId, quantity);
  return product && { product, variant };
}

/** Puts stock back on a variant and its product's total; a removed variant takes nothing. */
export async function incrementVariantStock(db: Executor, variantId: string, quantity: number) {
  const [variant] = await db
    .update(productVariants)
    .set({ totalStock: sql`${productVariants.totalStock} + ${quantity}` })
    .where(eq(productVariants.id, variantId))
    .returning({ productId: productVariants.productId });
  if (!variant) return;
  await db
    .update(products)
    .set({ totalStock: sql`${products.totalStock} + ${quantity}`, updatedAt: new Date() })
    .where(eq(products.id, variant.productId));
}

/** Variants running low, with their product's title and picture (the dashboard). */
export async function findLowStockVariants(db: Executor, threshold: number, limit: number) {
  return db
    .select({
      id: products.id,
      title: products.title,
      image: products.image,
      variantId: productVariants.id,
      size: productVariants.size,
      color: productVariants.color,
      totalStock: productVariants.totalStock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lt(productVariants.totalStock, threshold))
    .orderBy(asc(productVariants.totalStock), asc(products.title), asc(productVariants.position))
    .limit(limit);
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
    .where(
      and(
        lt(products.totalStock, threshold),
        // A product with variants is listed by variant instead.
        sql`not exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`,
      ),
    )
    .orderBy(asc(products.totalStock), asc(products.title), asc(products.id))
    .limit(limit);
}
