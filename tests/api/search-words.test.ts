import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The search vocabulary (migrations 0006 and 0024) as products are created at once: on
// PostgreSQL each insert adds its new words under the word's index lock, and two inserts that
// shared new words in no set order deadlocked (seen in CI). PGlite runs one statement at a
// time, so there the test checks only that every word is kept.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Letters only, so the search text keeps each as a word of its own. */
const freshWord = () =>
  Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomBytes(1)[0]! % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

it('keeps every word of products created at once, none of them failing', async () => {
  const rounds = 10;
  const perRound = 8;
  for (let round = 0; round < rounds; round += 1) {
    const words = Array.from({ length: 24 }, freshWord);
    // Every product carries most of this round's new words, each in its own order.
    const created = await Promise.allSettled(
      Array.from({ length: perRound }, () =>
        makeProduct(t, {
          title: shuffled(words).slice(0, 6).join(' '),
          description: shuffled(words).slice(0, 20).join(' '),
        }),
      ),
    );
    // The database's own words ("deadlock detected"), not the failed query's text.
    const failures = created.flatMap((c) =>
      c.status === 'rejected' ? [String((c.reason as Error).cause ?? c.reason)] : [],
    );
    expect(failures).toEqual([]);
  }
  // Every word of every product's search text is in the vocabulary.
  // Both drivers answer { rows }; the shared Db type leaves the answer's type open.
  const missing = (await t.db.execute(sql`
    SELECT DISTINCT w AS word FROM products, unnest(tsvector_to_array(search_vector)) AS w
    WHERE length(w) >= 3 AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w)`)) as {
    rows: { word: string }[];
  };
  expect(missing.rows).toEqual([]);
});

it('writes search index entries straight into the index, leaving no list for searches to scan', async () => {
  for (let i = 0; i < 5; i += 1) {
    await makeProduct(t, { title: `${freshWord()} ${freshWord()}`, description: freshWord() });
  }
  const indexes = [
    'products_search_idx',
    'products_title_trgm_idx',
    'products_search_trgm_idx',
    'users_search_trgm_idx',
  ];
  for (const index of indexes) {
    // The pages a vacuum would have merged: none, as every write went into the tree itself.
    const pending = (await t.db.execute(
      sql`SELECT gin_clean_pending_list(${index}::regclass) AS pages`,
    )) as { rows: { pages: number | string }[] };
    expect({ index, pages: Number(pending.rows[0]?.pages) }).toEqual({ index, pages: 0 });
  }
});
