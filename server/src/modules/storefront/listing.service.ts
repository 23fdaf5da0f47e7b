import type { Pagination } from '@contract/common';
import {
  type Facets,
  facetsSchema,
  type ListingQuery,
  listFilterKeys,
  priceFilterKeys,
} from '@contract/listing';
import { fromCents } from '@contract/money';
import type { Executor } from '../../db/client';
import { ReadCache } from '../../lib/read-cache';
import { reviewStats as repo } from '../catalog';
import type { IndexedFacets, IndexedListing, ListingFilter, ListingIndex } from './listing-index';
import type { ProductJsonCache } from './product-json-cache';

export type Page<T> = { data: T[]; pagination: Pagination };

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

function facetsOf(found: IndexedFacets): Facets {
  const record = (counts: Map<string, number>) => Object.fromEntries(counts);
  const dollars = (cents: number | null) => (cents === null ? null : fromCents(cents));
  const counts = Object.fromEntries(listFilterKeys.map((key) => [key, record(found.counts[key])]));
  return {
    ...(counts as Record<keyof IndexedFacets['counts'], Record<string, number>>),
    price: { min: dollars(found.price.min), max: dollars(found.price.max) },
  };
}

/**
 * `{"success":true,"data":[` + the products, comma-separated, + `tail` as one flat string: a
 * template around `products.join(',')` is copied once more when its length is taken and when
 * it is written (~5 us of ~15 for a page of 24, measured).
 */
function joinAnswer(products: string[], tail: string) {
  const head = '{"success":true,"data":[';
  if (products.length === 0) return head + tail;
  const parts = [...products];
  parts[0] = head + parts[0];
  parts[parts.length - 1] += tail;
  return parts.join(',');
}

/** One key per set of filters, whatever the order their values were given in. */
function filterKey(filter: ListingFilter) {
  const sorted = (values: readonly string[] | undefined) => (values ? [...values].sort() : null);
  return JSON.stringify([
    ...listFilterKeys.map((key) => sorted(filter[key])),
    ...priceFilterKeys.map((key) => filter[key] ?? null),
  ]);
}

/** The storefront's read side of the catalogue: filtered, sorted, paginated listings. */
export class ListingService {
  /**
   * Facets JSON per filter: sorts and pages do not change facets, so the 20 sort-page answers
   * of one filter share one count, validation and serialization. Never stale: entries hold
   * for the index version they were counted in; a newer version (the index reloads after
   * every announced change) empties the cache, and answers of an older one are not stored.
   */
  private readonly facets = new ReadCache(4000, 2 * 1024 * 1024);
  private facetsVersion = -1;

  /** The index answers which products, how many and the facets; products' JSON the rest. */
  constructor(
    private readonly index: ListingIndex,
    private readonly productJson: ProductJsonCache,
  ) {}

  /**
   * The listing answer as the JSON the route's schema would send (listingResponse's key
   * order, image URLs absolute), composed from each product's cached JSON (validated when
   * cached) and the filter's cached facets (validated when counted); only products not cached
   * yet are read, in one go.
   */
  async listJson(query: ListingQuery): Promise<string> {
    const { page, limit, sortBy, ...filter } = query;
    const found = await this.index.query(filter, sortBy, (page - 1) * limit, limit);
    const facets = this.facetsJson(filter, found);
    const products = await this.productJson.cards(found.ids);
    // Whole numbers made here from validated ones: the schema's key order, unvalidated.
    const pagination = JSON.stringify(paginationOf(page, limit, found.total));
    return joinAnswer(products, `],"pagination":${pagination},"facets":${await facets}}`);
  }

  /** Loads the listing index (before the server takes requests: none then waits for it). */
  async prepare() {
    await this.index.allIds();
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
  setReviewStats(tx: Executor, productId: string, stats: repo.ReviewStats) {
    return repo.setReviewStats(tx, productId, stats);
  }

  private facetsJson(filter: ListingFilter, found: IndexedListing) {
    const count = async () => JSON.stringify(facetsSchema.parse(facetsOf(found.facets())));
    if (found.version > this.facetsVersion) {
      this.facets.invalidate();
      this.facetsVersion = found.version;
    }
    return found.version === this.facetsVersion
      ? this.facets.get(filterKey(filter), count)
      : count();
  }
}
