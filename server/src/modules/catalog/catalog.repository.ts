import { fitVerdict, type Product } from '@contract/catalog';
import type { Care, CompositionPart } from '@contract/garment-constants';
import { fromCents } from '@contract/money';
import { asc, count, eq, getTableColumns, inArray, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';
import { findLowestPrices } from './price-history.repository';
import {
  findOptions,
  noOptions,
  optionColumns,
  optionsFrom,
  type ProductOptions,
} from './variants.repository';

export type ProductRow = typeof products.$inferSelect;

/**
 * The API shape of a product: `_id`, money as decimals, its variants when it has any, and the
 * prior price of its reduction (the lowest of the 30 days before it) when on sale.
 */
export function toProduct(
  row: Omit<ProductRow, 'searchVector'>,
  options: ProductOptions = noOptions,
  historyCents?: number,
): Product {
  return {
    _id: row.id,
    image: row.image,
    title: row.title,
    description: row.description,
    category: row.category as Product['category'],
    brand: row.brand as Product['brand'],
    price: fromCents(row.priceCents),
    salePrice: fromCents(row.salePriceCents),
    lowestPrice30Days: lowestPrice30Days(row, historyCents),
    totalStock: row.totalStock,
    averageReview: Math.round(row.averageReview * 100) / 100,
    ...options,
    sizeChartId: row.sizeChartId,
    composition: row.composition,
    care: row.care ?? null,
    fitSummary: fitSummaryOf(row),
  };
}

/**
 * Null when not on sale; the stored prior price, else (emptied by another writer's price
 * change) the history's, else (a history that does not know the sale: rows removed by hand)
 * the sale price itself, which claims no reduction.
 */
function lowestPrice30Days(
  row: Pick<ProductRow, 'salePriceCents' | 'priorPriceCents'>,
  historyCents: number | undefined,
) {
  if (row.salePriceCents <= 0) return null;
  return fromCents(row.priorPriceCents ?? historyCents ?? row.salePriceCents);
}

/** The rows on sale whose stored prior price a price change emptied: read from history. */
export function priorPricesToRead(
  db: Executor,
  rows: Pick<ProductRow, 'id' | 'salePriceCents' | 'priorPriceCents'>[],
) {
  const ids = rows
    .filter((r) => r.salePriceCents > 0 && r.priorPriceCents === null)
    .map((r) => r.id);
  return findLowestPrices(db, ids);
}

/** The fit answers counted on the row, with the verdict they give (contract fitVerdict). */
function fitSummaryOf(
  row: Pick<ProductRow, 'fitSmall' | 'fitTrue' | 'fitLarge'>,
): Product['fitSummary'] {
  const counts = { small: row.fitSmall, true: row.fitTrue, large: row.fitLarge };
  return { ...counts, verdict: fitVerdict(counts) };
}

/**
 * Products with their variants, colour pictures and prior prices (two more queries at once for
 * the whole list; the history only of those whose stored prior price is empty).
 */
export async function toProducts(db: Executor, rows: ProductRow[]): Promise<Product[]> {
  const [options, lowest] = await Promise.all([
    findOptions(
      db,
      rows.map((r) => r.id),
    ),
    priorPricesToRead(db, rows),
  ]);
  return rows.map((row) => toProduct(row, options.get(row.id), lowest.get(row.id)));
}

/** A product's columns but its search vector (the full-text index's, never answered). */
const { searchVector: _searchVector, ...answeredColumns } = getTableColumns(products);

/**
 * Products by id with their variants, colour pictures and stored prior prices in one query
 * (the history only of a row whose prior price another writer's price change emptied).
 */
export async function findProducts(db: Executor, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...answeredColumns, ...optionColumns })
    .from(products)
    .where(inArray(products.id, ids));
  const lowest = await priorPricesToRead(db, rows);
  return rows.map(({ variantsJson, colorImagesJson, ...row }) =>
    toProduct(row, optionsFrom(variantsJson, colorImagesJson), lowest.get(row.id)),
  );
}

/** The brand and category of each of these products that exists. */
export function findKinds(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, brand: products.brand, category: products.category })
    .from(products)
    .where(inArray(products.id, ids));
}

export async function productExists(db: Executor, id: string) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

export async function findProductRow(db: Executor, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** Product columns an admin writes; money already in cents. */
export type ProductValues = {
  image: string;
  title: string;
  description: string;
  category: string;
  brand: string;
  priceCents: number;
  salePriceCents: number;
  totalStock: number;
  /** Issue 28: absent keys are left as they are (an old client's edit keeps them). */
  sizeChartId?: string | null;
  composition?: CompositionPart[];
  care?: Care | null;
  mainFibre?: string;
};

export async function insertProduct(db: Executor, values: ProductValues) {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function insertProducts(db: Executor, values: ProductValues[]) {
  if (values.length === 0) return [];
  return db.insert(products).values(values).returning({ id: products.id });
}

/** One UPDATE statement: concurrent edits serialise on the row, never interleave fields. */
export async function updateProduct(db: Executor, id: string, values: ProductValues) {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row;
}

/** The ids of a size chart's products, locked in id order (the stock's global lock order). */
async function lockProductsOfChart(db: Executor, chartId: string) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.sizeChartId, chartId))
    .orderBy(asc(products.id))
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Marks a chart's products updated, so the NOTIFY trigger names them to every instance (their
 * answers embed the chart). No UPDATE when none: an empty one would announce "all products".
 */
export async function touchProductsOfChart(db: Executor, chartId: string) {
  const ids = await lockProductsOfChart(db, chartId);
  if (ids.length > 0) {
    await db.update(products).set({ updatedAt: new Date() }).where(inArray(products.id, ids));
  }
  return ids;
}

/** Leaves a chart's products without a chart (before the chart is deleted). */
export async function detachChart(db: Executor, chartId: string) {
  const ids = await lockProductsOfChart(db, chartId);
  if (ids.length > 0) {
    await db
      .update(products)
      .set({ sizeChartId: null, updatedAt: new Date() })
      .where(inArray(products.id, ids));
  }
  return ids;
}

export async function deleteProduct(db: Executor, id: string) {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return row;
}

/** The titles of the products holding one of these titles (a title may repeat). */
export async function findTitles(db: Executor, titles: string[]) {
  if (titles.length === 0) return [];
  const rows = await db
    .select({ title: products.title })
    .from(products)
    .where(inArray(products.title, titles));
  return rows.map((r) => r.title);
}

export async function countProducts(db: Executor) {
  const [row] = await db.select({ value: count() }).from(products);
  return row?.value ?? 0;
}

/** How many products there are and when any last changed (the sitemap's index). */
export async function productsStamp(db: Executor) {
  const [row] = await db.select({ n: count(), changed: max(products.updatedAt) }).from(products);
  return { count: row?.n ?? 0, changed: row?.changed ?? null };
}

/** Products' ids and last change, by id, one slice at a time (the sitemap's files). */
export function productStamps(db: Executor, page: { limit: number; offset: number }) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.id))
    .limit(page.limit)
    .offset(page.offset);
}
