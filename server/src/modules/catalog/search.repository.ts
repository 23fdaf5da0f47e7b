import { asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';

/**
 * What typo-tolerant matching compares a keyword with. `products_search_trgm_idx` indexes this
 * very expression; keep the two identical or the index stops being used.
 */
const fuzzyDocument = sql`(${products.title} || ' ' || ${products.brand} || ' ' || ${products.category})`;

/**
 * Trigram word similarity a fuzzy match needs. pg_trgm's default (0.6) misses one wrong letter
 * near the end of a six-letter word ("jackat" is 0.57 from "jacket") or a swap ("jacekt", 0.43).
 */
export const FUZZY_THRESHOLD = '0.4';

export type SearchTerms = { keyword: string; fuzzy: boolean };
type PageWindow = { limit: number; offset: number };

async function pageOf(tx: Executor, where: SQL, order: SQL[], { limit, offset }: PageWindow) {
  const rows = await tx
    .select()
    .from(products)
    .where(where)
    .orderBy(...order, asc(products.id))
    .limit(limit)
    .offset(offset);
  const [total] = await tx.select({ value: count() }).from(products).where(where);
  return { rows, total: total?.value ?? 0 };
}

/**
 * One page of matches and their total. Full text first (ranked by ts_rank: title above brand
 * and category above description); only when it finds nothing, the trigram match that forgives
 * a typo, ranked by similarity. Ranking every fuzzy candidate costs far more than a full-text
 * match, so it is the fallback, not a second branch of every search.
 */
export async function searchPage(db: Executor, terms: SearchTerms, page: PageWindow) {
  // The keyword is always a bound parameter: websearch_to_tsquery reads any text without a
  // syntax error, and `<%` compares trigrams, so no character of it is a pattern or operator.
  const tsQuery = sql`websearch_to_tsquery('simple', ${terms.keyword})`;
  return db.transaction(async (tx) => {
    const exact = await pageOf(
      tx,
      sql`${products.searchVector} @@ ${tsQuery}`,
      [desc(sql`ts_rank(${products.searchVector}, ${tsQuery})`)],
      page,
    );
    if (exact.total > 0 || !terms.fuzzy) return exact;
    // `<%` reads its threshold from this setting; `true` keeps it to this transaction.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${FUZZY_THRESHOLD}, true)`,
    );
    return pageOf(
      tx,
      sql`${terms.keyword} <% ${fuzzyDocument}`,
      [desc(sql`word_similarity(${terms.keyword}, ${fuzzyDocument})`)],
      page,
    );
  });
}
