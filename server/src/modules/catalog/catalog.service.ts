import type { AdminProductListItem, AdminProductsFilters } from '@contract/admin-product-list';
import { mainFibre, type Product, type ProductData } from '@contract/catalog';
import { isId, type Pagination } from '@contract/common';
import { toCents } from '@contract/money';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { ChangeListeners } from '../../lib/change-listeners';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import * as adminListRepo from './admin-product-list.repository';
import * as repo from './catalog.repository';
import { type PastPrice, replacePriceHistory, storePriorPrices } from './price-history.repository';
import { generatedSku, writeOptions } from './product-options';
import { pageForExport, type SkuProduct, upsertBySku } from './sku-import.repository';
import * as variantsRepo from './variants.repository';

export type { SkuConflict, SkuProduct } from './sku-import.repository';

/** Tells whether an image URL is one this shop issued (the media module answers). */
export type ImageCheck = (url: string) => Promise<boolean>;

const toValues = (p: ProductData): repo.ProductValues => ({
  image: p.image,
  title: p.title,
  description: p.description,
  category: p.category,
  brand: p.brand,
  priceCents: toCents(p.price),
  salePriceCents: toCents(p.salePrice),
  // With variants, writeOptions replaces this with their sum in the same transaction.
  totalStock: p.totalStock ?? 0,
  // Issue 28: left out when absent, so an edit from an older client keeps them.
  ...(p.sizeChartId !== undefined && { sizeChartId: p.sizeChartId }),
  ...(p.composition !== undefined && {
    composition: p.composition,
    mainFibre: mainFibre(p.composition),
  }),
  ...(p.care !== undefined && { care: p.care }),
});

const noSuchChart = () => new AppError('INVALID_INPUT', 'sizeChartId: no such size chart');

/** A malformed chart id is refused before the database sees it; an unknown one by its key. */
function checkChartId(p: ProductData) {
  if (p.sizeChartId && !isId(p.sizeChartId)) throw noSuchChart();
}

/** The database's verdict on a write: a chart removed meanwhile is the admin's 400. */
async function refusingUnknownChart<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw noSuchChart();
    throw error;
  }
}

/**
 * The catalogue. Every product write goes through this class: `onChange` listeners (a read
 * cache) hear of each one at once; other instances hear through the database's NOTIFY trigger.
 */
export class CatalogService {
  private readonly changes = new ChangeListeners();

  constructor(
    private readonly db: Db,
    private readonly isOwnImage: ImageCheck,
  ) {}

  /** Called after every product write (add, edit, delete, bulk insert) of this instance. */
  onChange(listener: () => void) {
    return this.changes.on(listener);
  }

  private changed() {
    this.changes.emit();
  }

  /** A product by id; an unknown or malformed id is a 404, never a 500. */
  /** How many products there are and when any last changed. */
  productsStamp() {
    return repo.productsStamp(this.db);
  }

  /** Products' ids and last change, by id, one slice at a time (for sitemaps). */
  productStamps(page: { limit: number; offset: number }) {
    return repo.productStamps(this.db, page);
  }

  /** 404 for an unknown or malformed id; one look at the key, not the product's whole answer. */
  async assertExists(id: string) {
    if (!isId(id) || !(await repo.productExists(this.db, id))) throw notFound('Product');
  }

  async getProduct(id: string): Promise<Product> {
    if (!isId(id)) throw notFound('Product');
    const row = await repo.findProductRow(this.db, id);
    if (!row) throw notFound('Product');
    return (await repo.toProducts(this.db, [row]))[0]!;
  }

  /** Every product, newest first (SPEC's admin list). */
  async listForAdmin(): Promise<Product[]> {
    const rows = await adminListRepo.listAdmin(this.db, {});
    return repo.toProducts(this.db, rows);
  }

  /** One page of the products the filters keep, each with its SKU, and how many they keep. */
  async pageForAdmin(
    filters: AdminProductsFilters,
    { page, limit }: { page: number; limit: number },
  ): Promise<{ data: AdminProductListItem[]; pagination: Pagination }> {
    const [rows, total] = await Promise.all([
      adminListRepo.listAdmin(this.db, filters, { limit, offset: (page - 1) * limit }),
      adminListRepo.countAdmin(this.db, filters),
    ]);
    const data = await repo.toProducts(this.db, rows);
    return {
      data: data.map((product, i) => ({ ...product, sku: rows[i]!.sku })),
      pagination: { page, limit, total, pages: Math.ceil(total / limit) },
    };
  }

  async addProduct(input: ProductData): Promise<Product> {
    await this.assertOwnImage(input.image);
    await this.assertOwnColorImages(input);
    checkChartId(input);
    const id = await refusingUnknownChart(
      transact(this.db, async (tx) => {
        const row = await repo.insertProduct(tx, toValues(input));
        await writeOptions(tx, row.id, input);
        await storePriorPrices(tx, [row.id]);
        return row.id;
      }),
    );
    this.changed();
    return this.getProduct(id);
  }

  async editProduct(id: string, input: ProductData): Promise<Product> {
    if (!isId(id)) throw notFound('Product');
    const current = await repo.findProductRow(this.db, id);
    if (!current) throw notFound('Product');
    // The uploader is disabled in edit mode: the product's current image stays acceptable.
    if (input.image !== current.image) await this.assertOwnImage(input.image);
    await this.assertOwnColorImages(input);
    checkChartId(input);
    // An edit takes its product's row, then its variants': the stock's global lock order.
    await refusingUnknownChart(
      transact(this.db, async (tx) => {
        const row = await repo.updateProduct(tx, id, toValues(input));
        if (!row) throw notFound('Product');
        await writeOptions(tx, id, input);
        // An edit that changed a price emptied the stored prior price (a trigger).
        if (row.priorPriceCents === null) await storePriorPrices(tx, [id]);
      }),
    );
    this.changed();
    return this.getProduct(id);
  }

  /** Past orders keep their snapshot lines; carts lose the product (FK cascade). */
  async deleteProduct(id: string): Promise<void> {
    if (!isId(id)) throw notFound('Product');
    const row = await repo.deleteProduct(this.db, id);
    if (!row) throw notFound('Product');
    this.changed();
  }

  /**
   * Bulk insert for the demo seed and the benchmark catalogue (images already issued); the new
   * products' ids in the order of `inputs`. `pastPrices[i]` rewrites the history of `inputs[i]`
   * (the demo: a shop that has sold for weeks; its last row must be the current price) in the
   * same transaction, so a seed cut short never leaves products dated "now" behind.
   */
  async insertMany(
    inputs: ProductData[],
    { pastPrices }: { pastPrices?: PastPrice[][] } = {},
  ): Promise<string[]> {
    const ids = await transact(this.db, async (tx) => {
      const rows = await repo.insertProducts(tx, inputs.map(toValues));
      // Variants of the whole batch in one statement (SKUs made from the new ids).
      const variants = rows.flatMap((row, i) =>
        (inputs[i]?.variants ?? []).map((v, position) => ({
          productId: row.id,
          size: v.size,
          color: v.color,
          sku: v.sku || generatedSku(row.id, v.size, v.color),
          totalStock: v.totalStock,
          position,
        })),
      );
      await variantsRepo.insertVariants(tx, variants);
      const images = rows.flatMap((row, i) =>
        (inputs[i]?.colorImages ?? []).map((c) => ({ productId: row.id, ...c })),
      );
      await variantsRepo.insertColorImages(tx, images);
      await variantsRepo.syncProductStock(
        tx,
        rows.filter((_, i) => inputs[i]?.variants?.length).map((r) => r.id),
      );
      const histories = rows.flatMap((r, i) => {
        const past = pastPrices?.[i];
        return past ? [[r.id, past] as const] : [];
      });
      await replacePriceHistory(tx, new Map(histories));
      await storePriorPrices(
        tx,
        rows.filter((_, i) => !pastPrices?.[i]).map((r) => r.id),
      );
      return rows.map((r) => r.id);
    });
    this.changed();
    return ids;
  }

  /** Which of these titles some product has (the demo seed adds only the ones missing). */
  async existingTitles(titles: string[]): Promise<Set<string>> {
    return new Set(await repo.findTitles(this.db, titles));
  }

  /**
   * The CSV import (issue 27): creates or updates products by SKU in one transaction. A dry
   * run, or a file with a conflicting SKU, runs the same statements and rolls them back, so
   * it reports what a real run would do and changes nothing; the price-history trigger and the
   * NOTIFY trigger only act on a committed run.
   */
  async importBySku(items: SkuProduct[], { dryRun }: { dryRun: boolean }) {
    const rollback = Symbol('rollback');
    let result: Awaited<ReturnType<typeof upsertBySku>> | undefined;
    try {
      await transact(this.db, async (tx) => {
        result = await upsertBySku(tx, items);
        if (dryRun || result.conflicts.length) throw rollback;
      });
    } catch (error) {
      if (error === rollback && result) return result;
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', 'A SKU or a size/colour pair is used twice; check the file');
      }
      throw error;
    }
    this.changed();
    return result!;
  }

  /** One page of products in id order with their variants (the CSV export's keyset read). */
  exportPage(afterId: string | null, limit: number) {
    return pageForExport(this.db, afterId, limit);
  }

  /** The brand and category of each of these products that exists ("find my size"). */
  async brandsAndCategories(
    ids: string[],
  ): Promise<Map<string, Pick<Product, 'brand' | 'category'>>> {
    const rows = await repo.findKinds(this.db, ids.filter(isId));
    return new Map(
      rows.map((r) => [
        r.id,
        { brand: r.brand as Product['brand'], category: r.category as Product['category'] },
      ]),
    );
  }

  /** For the size-charts module, in its transaction: see ChartProducts. */
  touchProductsOfChart(tx: Executor, chartId: string): Promise<string[]> {
    return repo.touchProductsOfChart(tx, chartId);
  }

  detachChart(tx: Executor, chartId: string): Promise<string[]> {
    return repo.detachChart(tx, chartId);
  }

  async countProducts(): Promise<number> {
    return repo.countProducts(this.db);
  }

  private async assertOwnColorImages(input: ProductData) {
    for (const { image } of input.colorImages ?? []) await this.assertOwnImage(image);
  }

  private async assertOwnImage(url: string) {
    if (!(await this.isOwnImage(url))) {
      throw new AppError('INVALID_INPUT', 'image must be an image uploaded to this shop');
    }
  }
}
