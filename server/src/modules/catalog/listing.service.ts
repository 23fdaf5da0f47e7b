import type { Product } from '../../../../contract/catalog';
import type { Pagination } from '../../../../contract/common';
import type { Facets, ListingQuery } from '../../../../contract/listing';
import { fromCents } from '../../../../contract/money';
import type { Db, Executor } from '../../db/client';
import type { ReadCache } from '../../lib/read-cache';
import { toProducts } from './catalog.repository';
import * as repo from './listing.repository';

export type Page<T> = { data: T[]; pagination: Pagination };

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** The storefront's read side of the catalogue: filtered, sorted, paginated listings. */
export class ListingService {
  /**
   * Facets depend on the filter alone, so every page and sort of one filter shares them
   * through the storefront cache (emptied by any catalogue or stock change).
   */
  constructor(
    private readonly db: Db,
    private readonly facetCache?: ReadCache,
  ) {}

  async list(query: ListingQuery): Promise<Page<Product> & { facets: Facets }> {
    const { page, limit, sortBy, ...filter } = query;
    const [rows, total, facets] = await Promise.all([
      repo.findPage(this.db, filter, sortBy, { limit, offset: (page - 1) * limit }),
      repo.countMatching(this.db, filter),
      this.facetCache
        ? this.facetCache.get(`facets:${JSON.stringify(filter)}`, () => this.facets(filter))
        : this.facets(filter),
    ]);
    return {
      data: await toProducts(this.db, rows),
      pagination: paginationOf(page, limit, total),
      facets,
    };
  }

  /** Counts of each filter dimension under the other active filters (DESIGN §11 Variants). */
  private async facets(filter: repo.ListingFilter): Promise<Facets> {
    const without = (key: keyof repo.ListingFilter) => ({ ...filter, [key]: undefined });
    const [category, brand, size, color, price] = await Promise.all([
      repo.countBy(this.db, 'category', without('category')),
      repo.countBy(this.db, 'brand', without('brand')),
      repo.countByOption(this.db, 'size', filter),
      repo.countByOption(this.db, 'color', filter),
      repo.priceRange(this.db, { ...filter, minPrice: undefined, maxPrice: undefined }),
    ]);
    const record = (rows: { value: string; count: number }[]) =>
      Object.fromEntries(rows.map((r) => [r.value, Number(r.count)]));
    const dollars = (cents: number | null) => (cents === null ? null : fromCents(Number(cents)));
    return {
      category: record(category),
      brand: record(brand),
      size: record(size),
      color: record(color),
      price: { min: dollars(price.min), max: dollars(price.max) },
    };
  }

  /**
   * For the reviews module, inside its transaction: locks the product (false when it does not
   * exist) so that two reviews of one product recompute its average one after the other.
   */
  lockForReview(tx: Executor, productId: string): Promise<boolean> {
    return repo.lockProduct(tx, productId);
  }

  /** Stores the average and count the reviews module computed, in the same transaction. */
  setReviewStats(tx: Executor, productId: string, stats: { average: number; count: number }) {
    return repo.setReviewStats(tx, productId, stats);
  }
}
