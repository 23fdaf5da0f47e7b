import type { Product } from '../../../../contract/catalog';
import type { Pagination } from '../../../../contract/common';
import type { Facets, ListingQuery } from '../../../../contract/listing';
import { fromCents } from '../../../../contract/money';
import type { Db, Executor } from '../../db/client';
import { toProducts } from './catalog.repository';
import * as repo from './listing.repository';
import type { ListingIndex } from './listing-index';

export type Page<T> = { data: T[]; pagination: Pagination };

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** The storefront's read side of the catalogue: filtered, sorted, paginated listings. */
export class ListingService {
  /** The index answers which products, how many and the facets; the database the rows. */
  constructor(
    private readonly db: Db,
    private readonly index: ListingIndex,
  ) {}

  async list(query: ListingQuery): Promise<Page<Product> & { facets: Facets }> {
    const { page, limit, sortBy, ...filter } = query;
    const found = await this.index.query(filter, sortBy, (page - 1) * limit, limit);
    const rows = await repo.findByIds(this.db, found.ids);
    const record = (counts: Map<string, number>) => Object.fromEntries(counts);
    const dollars = (cents: number | null) => (cents === null ? null : fromCents(cents));
    return {
      data: await toProducts(this.db, rows),
      pagination: paginationOf(page, limit, found.total),
      facets: {
        category: record(found.counts.category),
        brand: record(found.counts.brand),
        size: record(found.counts.size),
        color: record(found.counts.color),
        price: { min: dollars(found.price.min), max: dollars(found.price.max) },
      },
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
