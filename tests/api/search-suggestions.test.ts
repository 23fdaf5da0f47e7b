import type { SearchResponse } from '@contract/listing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A search says which word it searched for a typo, and one that finds nothing
// suggests keywords near it that do find products, and the largest categories.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await makeProduct(t, { title: 'Fleece Hoodie', category: 'men', brand: 'adidas' });
  await makeProduct(t, { title: 'Zip Hoodie', category: 'men', brand: 'nike' });
  await makeProduct(t, { title: 'Denim Jacket', category: 'men', brand: 'levi' });
  await makeProduct(t, { title: 'Floral Dress', category: 'women', brand: 'zara' });
  await makeProduct(t, { title: 'Linen Dress', category: 'women', brand: 'zara' });
  await makeProduct(t, { title: 'Wool Beanie', category: 'accessories', brand: 'h&m' });
});
afterAll(async () => t.close());

const search = async (keyword: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/shop/search/${encodeURIComponent(keyword)}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResponse;
};

describe('a search that finds products', () => {
  it('says nothing more when the keyword matched as typed', async () => {
    const found = await search('hoodie');
    expect(found.data).toHaveLength(2);
    expect(found).not.toHaveProperty('correctedTo');
    expect(found).not.toHaveProperty('suggestions');
  });

  it('names the word it searched instead of a typo', async () => {
    const found = await search('hoodei');
    expect(found.data.map((p) => p.title).sort()).toEqual(['Fleece Hoodie', 'Zip Hoodie']);
    expect(found.correctedTo).toBe('hoodie');
    expect(found).not.toHaveProperty('suggestions');
  });
});

describe('a search that finds nothing', () => {
  it('suggests the nearest word two edits away, which a correction does not take', async () => {
    // "huddie": two edits from "hoodie" (six letters forgive one), too far for trigrams too.
    const found = await search('huddie');
    expect(found.data).toEqual([]);
    expect(found.pagination.total).toBe(0);
    expect(found.suggestions?.keywords).toEqual(['hoodie']);
    expect(found.suggestions?.categories).toEqual(['men', 'women', 'accessories']);
  });

  it('suggests only keywords that find products: each word alone when together they find none', async () => {
    // "hoodie jacket" finds nothing (no product is both), so each nearest word is offered.
    const found = await search('huddie jakcit');
    expect(found.data).toEqual([]);
    expect(found.suggestions?.keywords).toEqual(['hoodie', 'jacket']);
    for (const keyword of found.suggestions?.keywords ?? []) {
      expect((await search(keyword)).data.length).toBeGreaterThan(0);
    }
  });

  it('still offers the popular categories when no word is near', async () => {
    const nonsense = await search('xyzzyqwv');
    expect(nonsense.suggestions).toEqual({
      keywords: [],
      categories: ['men', 'women', 'accessories'],
    });
  });

  it('offers at most three keywords and three categories, as the OpenAPI schema says', async () => {
    const doc = t.app.swagger() as {
      paths: Record<string, { get: { responses: Record<string, { content: unknown }> } }>;
    };
    const schema = JSON.stringify(doc.paths['/api/shop/search/{keyword}']?.get.responses['200']);
    expect(schema).toContain('"correctedTo"');
    expect(schema).toMatch(/"suggestions".*"keywords".*"maxItems":3/);
    const found = await search('huddie jakcit drezzq beanyyx');
    expect(found.suggestions?.keywords.length).toBeLessThanOrEqual(3);
    expect(found.suggestions?.categories.length).toBeLessThanOrEqual(3);
  });
});
