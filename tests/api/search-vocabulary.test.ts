import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SearchVocabulary } from '../../server/src/modules/storefront';
import { makeProduct } from '../factories/products';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/wait';

// A typo is corrected against the catalogue's vocabulary held in memory
// (storefront/search-vocabulary.ts): its nearest words are pg_trgm's, and a word another writer
// brings reaches it through the products' notifications.
let t: TestApp;
let other: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  other = await startSecondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const correctedTo = async (keyword: string) => {
  const res = await t.app.inject({ url: `/api/shop/search/${encodeURIComponent(keyword)}` });
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body).correctedTo as string | undefined;
};

it('corrects a typo of a word a product brought after the vocabulary was loaded', async () => {
  await makeProduct(t, { title: 'Quilted Parka' });
  expect(await correctedTo('parak')).toBe('parka');
  // Written straight to the database, as another instance or a script would: only the
  // products' notification tells this instance its vocabulary grew.
  await makeProduct(t, { title: 'Corduroy Gilet' });
  expect(await eventually(async () => (await correctedTo('gilte')) === 'gilet')).toBe(true);
  expect(await correctedTo('corduory')).toBe('corduroy');
  // The second instance, which had not searched yet, loads what both hold.
  const res = await other.inject({ url: '/api/shop/search/gilte' });
  expect(JSON.parse(res.body).correctedTo).toBe('gilet');
});

it("finds a typo's nearest words as pg_trgm's similarity orders them", async () => {
  for (const title of ['Linen Shirt', 'Linen Shorts', 'Wool Sweater', 'Suede Boots', 'Silk Skirt'])
    await makeProduct(t, { title });
  const vocabulary = new SearchVocabulary(t.db);
  for (const typo of ['shrit', 'shorst', 'sweatr', 'boost', 'skrit', 'lnen', 'suade', 'wol']) {
    const { rows } = (await t.db.execute(sql`
      SELECT word FROM search_words WHERE similarity(word, ${typo}) > 0
      ORDER BY similarity(word, ${typo}) DESC, word LIMIT 8`)) as { rows: { word: string }[] };
    const [held] = await vocabulary.near([typo], 3, 8);
    expect(held, typo).toEqual({ word: typo, known: false, near: rows.map((r) => r.word) });
  }
  expect(await vocabulary.near(['linen', 'ab'], 3, 8)).toEqual([
    { word: 'linen', known: true, near: null },
    { word: 'ab', known: false, near: null },
  ]);
});
