import type { Product } from '../../../../contract/catalog';
import type { Pagination } from '../../../../contract/common';
import { paginationSchema } from '../../../../contract/common';
import { type Facets, facetsSchema, type ListingQuery } from '../../../../contract/listing';
import { fromCents } from '../../../../contract/money';
import type { Db, Executor } from '../../db/client';
import { toProducts } from './catalog.repository';
import * as repo from './listing.repository';
import type { IndexedListing, ListingIndex } from './listing-index';
import type { ProductJsonCache } from './product-json-cache';

export type Page<T> = { data: T[]; pagination: Pagination };

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

function facetsOf(found: IndexedListing): Facets {
  const record = (counts: Map<string, number>) => Object.fromEntries(counts);
  const dollars = (cents: number | null) => (cents === null ? null : fromCents(cents));
  return {
    category: record(found.counts.category),
    brand: record(found.counts.brand),
    size: record(found.counts.size),
    color: record(found.counts.color),
    price: { min: dollars(found.price.min), max: dollars(found.price.max) },
  };
}

/** The storefront's read side of the catalogue: filtered, sorted, paginated listings. */
export class ListingService {
  /** The index answers which products, how many and the facets; the database the rows. */
  constructor(
    private readonly db: Db,
    private readonly index: ListingIndex,
    private readonly productJson: ProductJsonCache,
  ) {}

  async list(query: ListingQuery): Promise<Page<Product> & { facets: Facets }> {
    const { page, limit, sortBy, ...filter } = query;
    const found = await this.index.query(filter, sortBy, (page - 1) * limit, limit);
    const rows = await repo.findByIds(this.db, found.ids);
    return {
      data: await toProducts(this.db, rows),
      pagination: paginationOf(page, limit, found.total),
      facets: facetsOf(found),
    };
  }

  /**
   * The listing answer as the JSON `list` would be sent as (listingResponse's key order, image
   * URLs absolute), composed from each product's cached JSON: only products not cached yet are
   * read, in one go, and only the small parts made here are validated.
   */
  async listJson(query: ListingQuery): Promise<string> {
    const { page, limit, sortBy, ...filter } = query;
    const found = await this.index.query(filter, sortBy, (page - 1) * limit, limit);
    const products = await this.productJson.many(found.ids);
    const pagination = paginationSchema.parse(paginationOf(page, limit, found.total));
    const facets = facetsSchema.parse(facetsOf(found));
    return `{"success":true,"data":[${products.join(',')}],"pagination":${JSON.stringify(pagination)},"facets":${JSON.stringify(facets)}}`;
  }

  /** Loads the listing index and as many products' answers as the cache holds. */
  async warm() {
    await this.productJson.warm(await this.index.allIds());
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
