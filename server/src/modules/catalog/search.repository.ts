import { asc, count, desc, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';

/**
 * What typo-tolerant matching compares a keyword with. `products_search_trgm_idx` indexes this
 * very expression; keep the two identical or the index stops being used.
 */
const fuzzyDocument = sql`(${products.title} || ' ' || ${products.brand} || ' ' || ${products.category})`;

export type SearchTerms = { keyword: string; fuzzy: boolean };

// The keyword is always a bound parameter: websearch_to_tsquery reads any text without a syntax
// error, and `<%` compares trigrams, so no character of it is ever a pattern or an operator.
function parts({ keyword, fuzzy }: SearchTerms) {
  const tsQuery = sql`websearch_to_tsquery('simple', ${keyword})`;
  const fullText = sql`${products.searchVector} @@ ${tsQuery}`;
  const similar = sql`${keyword} <% ${fuzzyDocument}`;
  const where: SQL | undefined = fuzzy ? or(fullText, similar) : fullText;
  const score = sql`ts_rank(${products.searchVector}, ${tsQuery}) + word_similarity(${keyword}, ${fuzzyDocument})`;
  return { fullText, where, score };
}

/**
 * Trigram word similarity a fuzzy match needs. pg_trgm's default (0.6) misses one wrong letter
 * near the end of a six-letter word ("jackat" is 0.57 from "jacket") or a swap ("jacekt", 0.43).
 */
export const FUZZY_THRESHOLD = '0.4';

/** One page of matches and their total: full-text matches first, then by relevance, then id. */
export async function searchPage(
  db: Executor,
  terms: SearchTerms,
  page: { limit: number; offset: number },
) {
  const { fullText, where, score } = parts(terms);
  return db.transaction(async (tx) => {
    // `<%` reads its threshold from this setting; `true` keeps it to this transaction.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${FUZZY_THRESHOLD}, true)`,
    );
    const rows = await tx
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(fullText), desc(score), asc(products.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await tx.select({ value: count() }).from(products).where(where);
    return { rows, total: total?.value ?? 0 };
  });
}
