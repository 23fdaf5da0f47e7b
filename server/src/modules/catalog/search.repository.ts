import { asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { products, searchWords } from './catalog.table';

// Full text, the search_words vocabulary and trigrams over the catalogue's rows, as the
// storefront's SearchService runs them: exported through index.ts.

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

type PageWindow = { limit: number; offset: number };

/**
 * One page of matching ids and the number of matches, in one statement: ranking the page ranks
 * every match already, so the count over the same rows costs nothing more. Only a page past the
 * last match counts them again.
 */
async function pageOf(tx: Executor, where: SQL, order: SQL[], { limit, offset }: PageWindow) {
  const rows = await tx
    .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...order, asc(products.id))
    .limit(limit)
    .offset(offset);
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
  if (offset === 0) return { ids: [], total: 0 };
  const [total] = await tx.select({ value: count() }).from(products).where(where);
  return { ids: [], total: total?.value ?? 0 };
}

/** One page of full-text matches of a tsquery, ranked by ts_rank (title above brand, category
 * above description), and their total. */
export function fullTextPage(db: Executor, tsQuery: SQL, page: PageWindow) {
  return pageOf(
    db,
    sql`${products.searchVector} @@ ${tsQuery}`,
    [desc(sql`ts_rank(${products.searchVector}, ${tsQuery})`)],
    page,
  );
}

/** The keyword as typed: websearch_to_tsquery reads any text without a syntax error. */
export const typedQuery = (keyword: string) => sql`websearch_to_tsquery('simple', ${keyword})`;
/** Every one of these words (plain words: no operator survives plainto_tsquery). */
export const allWordsQuery = (words: string[]) =>
  sql`plainto_tsquery('simple', ${words.join(' ')})`;

/** The catalogue's vocabulary: every word of its products' titles, brands and categories. */
export async function vocabulary(db: Executor) {
  const rows = await db.select({ word: searchWords.word }).from(searchWords);
  return rows.map((r) => r.word);
}

/** How many words the vocabulary holds (it only ever grows). */
export async function vocabularySize(db: Executor) {
  const [row] = await db.select({ value: count() }).from(searchWords);
  return row?.value ?? 0;
}

/**
 * The last resort for a keyword no word of the vocabulary is close to: trigram word similarity
 * over title, brand and category, ranked by similarity.
 */
export async function fuzzyPage(db: Db, keyword: string, page: PageWindow) {
  // The keyword is a bound parameter; `<%` compares trigrams, so no character of it is a
  // pattern or operator. `<%` reads its threshold from this setting; `true` keeps it to
  // this transaction.
  return transact(db, async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${FUZZY_THRESHOLD}, true)`,
    );
    return pageOf(
      tx,
      sql`${keyword} <% ${fuzzyDocument}`,
      [desc(sql`word_similarity(${keyword}, ${fuzzyDocument})`)],
      page,
    );
  });
}

/** How many products match a tsquery (a suggestion is offered only when it finds some). */
export async function fullTextCount(db: Executor, tsQuery: SQL) {
  const [row] = await db
    .select({ value: count() })
    .from(products)
    .where(sql`${products.searchVector} @@ ${tsQuery}`);
  return row?.value ?? 0;
}

/** The categories with the most products, most first (ties by name): the "popular" ones. */
export async function largestCategories(db: Executor, limit: number) {
  const rows = await db
    .select({ category: products.category, n: count() })
    .from(products)
    .groupBy(products.category)
    .orderBy(desc(count()), asc(products.category))
    .limit(limit);
  return rows.map((r) => r.category);
}
