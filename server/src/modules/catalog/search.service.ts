import type { Product } from '../../../../contract/catalog';
import type { Db } from '../../db/client';
import { toProducts } from './catalog.repository';
import { type Page, paginationOf } from './listing.service';
import * as repo from './search.repository';

// Trigrams need three letters or digits; with fewer, the trigram index would scan every row
// to find nothing, so such keywords use the full-text match alone.
const MIN_FUZZY_CHARS = 3;
const WORD_CHAR = /[\p{L}\p{N}]/gu;

/** Storefront search: PostgreSQL full text over title, brand, category and description,
 * tolerant of a typo through pg_trgm word similarity on title, brand and category. */
export class SearchService {
  constructor(private readonly db: Db) {}

  async search(
    keyword: string,
    { page, limit }: { page: number; limit: number },
  ): Promise<Page<Product>> {
    const fuzzy = (keyword.match(WORD_CHAR)?.length ?? 0) >= MIN_FUZZY_CHARS;
    const terms = { keyword, fuzzy };
    const { rows, total } = await repo.searchPage(this.db, terms, {
      limit,
      offset: (page - 1) * limit,
    });
    return { data: await toProducts(this.db, rows), pagination: paginationOf(page, limit, total) };
  }
}
