import type { ColorImage, Variant } from '@contract/catalog';
import { sortSizes } from '@contract/variant-constants';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';
import { productColorImages, productVariants } from './variants.table';

export type VariantRow = typeof productVariants.$inferSelect;

/** What a product response adds about its variants. */
export type ProductOptions = {
  variants: Variant[];
  sizes: string[];
  colors: string[];
  colorImages: ColorImage[];
};

export const noOptions: ProductOptions = { variants: [], sizes: [], colors: [], colorImages: [] };

type VariantFields = Pick<VariantRow, 'id' | 'size' | 'color' | 'sku' | 'totalStock'>;

function optionsOf(rows: VariantFields[], images: ColorImage[]): ProductOptions {
  const colors = [...new Set(rows.map((r) => r.color).filter(Boolean))];
  return {
    variants: rows.map((r) => ({
      _id: r.id,
      size: r.size,
      color: r.color,
      sku: r.sku,
      totalStock: r.totalStock,
    })),
    sizes: sortSizes(rows.map((r) => r.size)),
    colors,
    colorImages: images,
  };
}

/** Above this many products, every variant is read (the admin's full list) instead of by id. */
const READ_ALL_ABOVE = 1000;

function groupBy<T extends { productId: string }>(rows: T[]) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.productId);
    if (group) group.push(row);
    else groups.set(row.productId, [row]);
  }
  return groups;
}

/**
 * A product's variants (in their order) and colour pictures as two JSON columns of its own row,
 * so one query reads products whole (findProducts): a product read is one round trip, where
 * its row, variants, pictures and prices were four, each a write to and a read from the
 * database's socket (most of a missed product answer's CPU on PostgreSQL).
 */
// Named with its table: drizzle names a one-table query's columns bare, and a bare "id" in the
// subqueries below would be their own row's.
const outerProductId = sql`${products}.${sql.identifier(products.id.name)}`;

export const optionColumns = {
  variantsJson: sql<VariantFields[]>`(
    select coalesce(json_agg(json_build_object(
      'id', v.id, 'size', v.size, 'color', v.color, 'sku', v.sku, 'totalStock', v.total_stock
    ) order by v.position), '[]'::json)
    from ${productVariants} v where v.product_id = ${outerProductId})`,
  colorImagesJson: sql<ColorImage[]>`(
    select coalesce(json_agg(json_build_object('color', i.color, 'image', i.image)), '[]'::json)
    from ${productColorImages} i where i.product_id = ${outerProductId})`,
};

/** The options of a product read with `optionColumns`. */
export const optionsFrom = (variants: VariantFields[], images: ColorImage[]): ProductOptions =>
  variants.length || images.length ? optionsOf(variants, images) : noOptions;

/** Variants and colour pictures of these products, two queries for any number of them. */
export async function findOptions(db: Executor, productIds: string[]) {
  const result = new Map<string, ProductOptions>();
  if (productIds.length === 0) return result;
  const byId = productIds.length > READ_ALL_ABOVE ? undefined : productIds;
  const [variantRows, imageRows] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(byId && inArray(productVariants.productId, byId))
      .orderBy(asc(productVariants.productId), asc(productVariants.position)),
    db
      .select()
      .from(productColorImages)
      .where(byId && inArray(productColorImages.productId, byId)),
  ]);
  const variants = groupBy(variantRows);
  const images = groupBy(imageRows);
  for (const id of productIds) {
    const rows = variants.get(id) ?? [];
    const pictures = (images.get(id) ?? []).map((r) => ({ color: r.color, image: r.image }));
    result.set(id, optionsFrom(rows, pictures));
  }
  return result;
}

export async function findVariantsOf(db: Executor, productId: string) {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
}

export type NewVariant = {
  id?: string;
  size: string;
  color: string;
  sku: string;
  totalStock: number;
  position: number;
};

/** The product's variants become exactly `variants`: listed ids kept, others removed. */
export async function replaceVariants(db: Executor, productId: string, variants: NewVariant[]) {
  const keep = variants.flatMap((v) => (v.id ? [v.id] : []));
  await db
    .delete(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        keep.length ? notInArray(productVariants.id, keep) : undefined,
      ),
    );
  for (const v of variants.filter((v) => v.id)) {
    const { id, ...values } = v;
    await db
      .update(productVariants)
      .set(values)
      .where(and(eq(productVariants.id, id!), eq(productVariants.productId, productId)));
  }
  const added = variants.filter((v) => !v.id);
  if (added.length) {
    await db.insert(productVariants).values(added.map((v) => ({ ...v, productId })));
  }
}

/** Many products' variants at once (the seed): one statement per batch. */
export async function insertVariants(db: Executor, rows: (NewVariant & { productId: string })[]) {
  if (rows.length) await db.insert(productVariants).values(rows);
}

/** The product's stock becomes the sum of its variants' (when it has any). */
export async function syncProductStock(db: Executor, productIds: string[]) {
  if (productIds.length === 0) return;
  await db
    .update(products)
    .set({
      totalStock: sql`(select coalesce(sum(${productVariants.totalStock}), 0)::int from ${productVariants} where ${productVariants.productId} = ${products.id})`,
    })
    .where(
      and(
        inArray(products.id, productIds),
        sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`,
      ),
    );
}

export async function replaceColorImages(db: Executor, productId: string, images: ColorImage[]) {
  await db.delete(productColorImages).where(eq(productColorImages.productId, productId));
  if (images.length) {
    await db
      .insert(productColorImages)
      .values(images.map((i) => ({ productId, color: i.color, image: i.image })));
  }
}

export async function insertColorImages(
  db: Executor,
  rows: (ColorImage & { productId: string })[],
) {
  if (rows.length) await db.insert(productColorImages).values(rows);
}

/** SKUs of `skus` already used by variants of other products. */
export async function skusTakenElsewhere(db: Executor, productId: string | null, skus: string[]) {
  if (skus.length === 0) return [];
  const rows = await db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        inArray(productVariants.sku, skus),
        productId ? sql`${productVariants.productId} <> ${productId}` : undefined,
      ),
    );
  return rows.map((r) => r.sku);
}
