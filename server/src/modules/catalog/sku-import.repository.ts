import type { ProductData } from '@contract/catalog';
import { toCents } from '@contract/money';
import { and, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lockStockRows } from '../inventory';
import { products } from './catalog.table';
import { storePriorPrices } from './price-history.repository';
import { generatedSku } from './product-options';
import { syncProductStock } from './variants.repository';
import { productColorImages, productVariants } from './variants.table';

/** A product of an import: its own SKU and its fields (variants with their SKUs, if any). */
export type SkuProduct = { sku: string; data: ProductData };
/** Why an item cannot be written: `variant` is the index of the variant at fault. */
export type SkuConflict = { product: number; variant?: number; message: string };

// Rows per statement: well under PostgreSQL's 65,535 parameters with ten columns a row.
const BATCH = 1000;
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function inBatches<T, R>(items: T[], read: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const batch of chunks(items)) out.push(...(await read(batch)));
  return out;
}

/**
 * The existing product of each item: by its SKU, else (a product exported before it had a SKU:
 * the export writes its id) by that id among products without a SKU.
 */
async function matchProducts(tx: Executor, items: SkuProduct[]) {
  const skus = items.map((i) => i.sku);
  const bySku = await inBatches(skus, (batch) =>
    tx
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(inArray(products.sku, batch)),
  );
  const ids = new Map(bySku.map((r) => [r.sku as string, r.id]));
  const idLike = skus.filter((s) => !ids.has(s) && UUID.test(s)).map((s) => s.toLowerCase());
  const byId = await inBatches(idLike, (batch) =>
    tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, batch), isNull(products.sku))),
  );
  for (const r of byId) ids.set(r.id.toUpperCase(), r.id);
  return items.map((i) => ids.get(i.sku));
}

/** Variant SKUs the file gives that another product already uses. */
async function findConflicts(tx: Executor, items: SkuProduct[], matched: (string | undefined)[]) {
  const skus = items.flatMap((i) => (i.data.variants ?? []).flatMap((v) => (v.sku ? [v.sku] : [])));
  const rows = await inBatches(skus, (batch) =>
    tx
      .select({ sku: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .where(inArray(productVariants.sku, batch)),
  );
  const owner = new Map(rows.map((r) => [r.sku, r.productId]));
  const conflicts: SkuConflict[] = [];
  items.forEach((item, product) => {
    (item.data.variants ?? []).forEach((v, variant) => {
      const used = v.sku ? owner.get(v.sku) : undefined;
      if (used && used !== matched[product]) {
        conflicts.push({ product, variant, message: `SKU ${v.sku} belongs to another product` });
      }
    });
  });
  return conflicts;
}

const valuesOf = (item: SkuProduct) => ({
  sku: item.sku,
  image: item.data.image,
  title: item.data.title,
  description: item.data.description,
  category: item.data.category,
  brand: item.data.brand,
  priceCents: toCents(item.data.price),
  salePriceCents: toCents(item.data.salePrice),
  totalStock: item.data.totalStock ?? 0,
});

/** One UPDATE per batch, joined to a VALUES list: the price trigger sees each changed row. */
async function updateProducts(tx: Executor, rows: { id: string; item: SkuProduct }[]) {
  for (const batch of chunks(rows)) {
    const values: SQL[] = batch.map(({ id, item }) => {
      const v = valuesOf(item);
      return sql`(${id}::uuid, ${v.sku}::text, ${v.image}::text, ${v.title}::text, ${v.description}::text, ${v.category}::text, ${v.brand}::text, ${v.priceCents}::int, ${v.salePriceCents}::int, ${v.totalStock}::int)`;
    });
    await tx.execute(sql`update products p set sku = v.sku, image = v.image, title = v.title,
      description = v.description, category = v.category, brand = v.brand,
      price_cents = v.price_cents, sale_price_cents = v.sale_price_cents,
      total_stock = v.total_stock, updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(id, sku, image, title, description, category,
        brand, price_cents, sale_price_cents, total_stock)
      where p.id = v.id`);
  }
}

/** Variants and colour pictures become the file's: others of these products are removed. */
async function replaceOptions(tx: Executor, rows: { id: string; item: SkuProduct }[]) {
  const variants = rows.flatMap(({ id, item }) =>
    (item.data.variants ?? []).map((v, position) => ({
      productId: id,
      size: v.size,
      color: v.color,
      sku: v.sku || generatedSku(id, v.size, v.color),
      totalStock: v.totalStock,
      position,
    })),
  );
  const skusOf = new Map<string, string[]>();
  for (const v of variants) skusOf.set(v.productId, [...(skusOf.get(v.productId) ?? []), v.sku]);
  // 100 products a statement: their kept SKUs stay within the parameter limit (200 each).
  for (const batch of chunks(rows, 100)) {
    const ids = batch.map((r) => r.id);
    const keep = ids.flatMap((id) => skusOf.get(id) ?? []);
    await tx
      .delete(productVariants)
      .where(
        and(
          inArray(productVariants.productId, ids),
          keep.length ? notInArray(productVariants.sku, keep) : undefined,
        ),
      );
    await tx.delete(productColorImages).where(inArray(productColorImages.productId, ids));
  }
  for (const batch of chunks(variants)) {
    await tx
      .insert(productVariants)
      .values(batch)
      .onConflictDoUpdate({
        target: productVariants.sku,
        set: {
          size: sql`excluded.size`,
          color: sql`excluded.color`,
          totalStock: sql`excluded.total_stock`,
          position: sql`excluded.position`,
        },
      });
  }
  const images = rows.flatMap(({ id, item }) =>
    (item.data.colorImages ?? []).map((c) => ({ productId: id, ...c })),
  );
  for (const batch of chunks(images)) await tx.insert(productColorImages).values(batch);
  for (const batch of chunks(variants.map((v) => v.productId))) {
    await syncProductStock(tx, [...new Set(batch)]);
  }
}

/**
 * Creates or updates products by SKU in the caller's transaction, a few statements per
 * thousand rows. Nothing is written when a variant SKU belongs to another product.
 */
export async function upsertBySku(tx: Executor, items: SkuProduct[]) {
  const matched = await matchProducts(tx, items);
  const conflicts = await findConflicts(tx, items, matched);
  if (conflicts.length) return { created: 0, updated: 0, conflicts };
  const updates = items.flatMap((item, i) => (matched[i] ? [{ id: matched[i], item }] : []));
  const fresh = items.filter((_, i) => !matched[i]);
  // The products to update locked first, in id order as a checkout locks them (StockService):
  // the UPDATE below takes them in the order it finds them on disk, and a checkout holding one
  // while waiting for another the import held deadlocked with it (the import answered 409).
  const updated = [...new Set(updates.map((u) => u.id))].sort();
  for (const batch of chunks(updated)) await lockStockRows(tx, batch, []);
  const created: { id: string; item: SkuProduct }[] = [];
  for (const batch of chunks(fresh)) {
    const rows = await tx
      .insert(products)
      .values(batch.map(valuesOf))
      .returning({ id: products.id, sku: products.sku });
    const bySku = new Map(rows.map((r) => [r.sku, r.id]));
    for (const item of batch) created.push({ id: bySku.get(item.sku)!, item });
  }
  await updateProducts(tx, updates);
  await replaceOptions(tx, [...updates, ...created]);
  await storePriorPrices(tx, [...updated, ...created.map((c) => c.id)]);
  return { created: created.length, updated: updates.length, conflicts };
}

/** One page of products in id order, after `afterId`, with their variants and pictures. */
export async function pageForExport(tx: Executor, afterId: string | null, limit: number) {
  const rows = await tx
    .select()
    .from(products)
    .where(afterId ? sql`${products.id} > ${afterId}` : undefined)
    .orderBy(products.id)
    .limit(limit);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [variants, images] = await Promise.all([
    tx
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(productVariants.productId, productVariants.position),
    tx.select().from(productColorImages).where(inArray(productColorImages.productId, ids)),
  ]);
  const group = <T extends { productId: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const x of list) map.set(x.productId, [...(map.get(x.productId) ?? []), x]);
    return map;
  };
  const variantsOf = group(variants);
  const imagesOf = group(images);
  return rows.map((row) => ({
    row,
    variants: variantsOf.get(row.id) ?? [],
    images: imagesOf.get(row.id) ?? [],
  }));
}
