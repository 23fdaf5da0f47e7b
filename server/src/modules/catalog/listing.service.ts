import type { Product } from '../../../../contract/catalog';
import type { Pagination } from '../../../../contract/common';
import type { ListingQuery } from '../../../../contract/listing';
import type { Db, Executor } from '../../db/client';
import { toProducts } from './catalog.repository';
import * as repo from './listing.repository';

export type Page<T> = { data: T[]; pagination: Pagination };

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** The storefront's read side of the catalogue: filtered, sorted, paginated listings. */
export class ListingService {
  constructor(private readonly db: Db) {}

  async list(query: ListingQuery): Promise<Page<Product>> {
    const { page, limit, sortBy } = query;
    const filter = { category: query.category, brand: query.brand };
    const [rows, total] = await Promise.all([
      repo.findPage(this.db, filter, sortBy, { limit, offset: (page - 1) * limit }),
      repo.countMatching(this.db, filter),
    ]);
    return { data: await toProducts(this.db, rows), pagination: paginationOf(page, limit, total) };
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
