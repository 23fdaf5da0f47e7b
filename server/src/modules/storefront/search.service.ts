import type { Product } from '@contract/catalog';
import { paginationSchema } from '@contract/common';
import type { Db } from '../../db/client';
import { editDistance } from '../../lib/edit-distance';
import { productSearch as repo, toProducts } from '../catalog';
import { type Page, paginationOf } from './listing.service';
import type { ProductJsonCache } from './product-json-cache';

// Trigrams need three letters or digits; shorter words are neither corrected nor fuzzy-matched.
const MIN_FUZZY_CHARS = 3;
const WORD_CHAR = /[\p{L}\p{N}]/gu;
const WORDS = /[\p{L}\p{N}]+/gu;
// A keyword's words beyond this many are searched as typed, never corrected.
const MAX_CORRECTED_WORDS = 6;
const CANDIDATES = 8;

/** Edits forgiven in a word: one in short words, two from eight letters on. */
const allowedEdits = (word: string) => (word.length >= 8 ? 2 : 1);

/**
 * Storefront search: PostgreSQL full text over title, brand, category and description. A
 * keyword that finds nothing has its unknown words corrected to the nearest word of the
 * catalogue's vocabulary (trigram KNN, then edit distance), so a typo costs a few index
 * lookups and one more full-text query instead of ranking every fuzzy candidate. Only a
 * keyword with no word near the vocabulary falls back to trigram matching.
 */
export class SearchService {
  constructor(
    private readonly db: Db,
    private readonly productJson: ProductJsonCache,
  ) {}

  /**
   * The search answer as the JSON `search` would be sent as, composed from each product's
   * cached answer (as listings are): a miss runs only the search's own queries.
   */
  async searchJson(keyword: string, { page, limit }: { page: number; limit: number }) {
    const found = await this.find(keyword, { limit, offset: (page - 1) * limit });
    const products = await this.productJson.many(found.rows.map((row) => row.id));
    const pagination = paginationSchema.parse(paginationOf(page, limit, found.total));
    return `{"success":true,"data":[${products.join(',')}],"pagination":${JSON.stringify(pagination)}}`;
  }

  async search(
    keyword: string,
    { page, limit }: { page: number; limit: number },
  ): Promise<Page<Product>> {
    const window = { limit, offset: (page - 1) * limit };
    const found = await this.find(keyword, window);
    return {
      data: await toProducts(this.db, found.rows),
      pagination: paginationOf(page, limit, found.total),
    };
  }

  private async find(keyword: string, window: { limit: number; offset: number }) {
    const exact = await repo.fullTextPage(this.db, repo.typedQuery(keyword), window);
    const fuzzy = (keyword.match(WORD_CHAR)?.length ?? 0) >= MIN_FUZZY_CHARS;
    if (exact.total > 0 || !fuzzy) return exact;
    const corrected = await this.correct(keyword);
    if (corrected) {
      const page = await repo.fullTextPage(this.db, repo.allWordsQuery(corrected), window);
      if (page.total > 0) return page;
    }
    return repo.fuzzyPage(this.db, keyword, window);
  }

  /** The keyword's words with each unknown one replaced by its nearest known word; undefined
   * when nothing could be corrected. */
  private async correct(keyword: string) {
    const words = [...new Set(keyword.toLowerCase().match(WORDS) ?? [])].slice(
      0,
      MAX_CORRECTED_WORDS,
    );
    const known = await repo.knownWords(this.db, words);
    let changed = false;
    const corrected: string[] = [];
    for (const word of words) {
      if (known.has(word) || word.length < MIN_FUZZY_CHARS) {
        corrected.push(word);
        continue;
      }
      const best = this.closest(word, await repo.nearestWords(this.db, word, CANDIDATES));
      if (best) changed = true;
      corrected.push(best ?? word);
    }
    return changed ? corrected : undefined;
  }

  /** The candidate fewest edits away, within what the word's length forgives; the trigram
   * order breaks ties. */
  private closest(word: string, candidates: string[]) {
    let best: string | undefined;
    let bestEdits = allowedEdits(word) + 1;
    for (const candidate of candidates) {
      const edits = editDistance(word, candidate);
      if (edits < bestEdits) {
        best = candidate;
        bestEdits = edits;
      }
    }
    return best;
  }
}
