import { type Brand, brands, type Category, categories, type Product } from '@contract/catalog';
import { payPrice } from '@contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const catalogue: Product[] = [];
const sizes = ['XS', 'S', 'M', 'L', 'XL', '42'];
const colors = ['Black', 'White', 'Navy', 'Red'];

/** A small deterministic generator, so a failure can be replayed. */
let seed = 7;
const rnd = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};
const some = <T>(list: readonly T[], most: number) =>
  list.filter(() => rnd(list.length) < most).slice(0, most);

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 45; i += 1) {
    const price = 10 + rnd(90);
    const options =
      i % 5 === 0
        ? []
        : some(sizes, 4).flatMap((size) =>
            some(colors, 2).map((color) => ({ size, color, totalStock: rnd(3) })),
          );
    catalogue.push(
      await makeProduct(t, {
        category: categories[rnd(categories.length)] as Category,
        brand: brands[rnd(brands.length)] as Brand,
        price,
        salePrice: rnd(4) === 0 ? price - 5 : 0,
        totalStock: 5,
        variants: options,
      }),
    );
  }
}, 60_000);
afterAll(async () => t.close());

type Filter = {
  category: string[];
  brand: string[];
  size: string[];
  color: string[];
  minPrice?: number;
  maxPrice?: number;
};

const paid = (p: Product) => payPrice(p);
function matches(p: Product, f: Filter) {
  if (f.category.length && !f.category.includes(p.category)) return false;
  if (f.brand.length && !f.brand.includes(p.brand)) return false;
  if (f.minPrice !== undefined && paid(p) < f.minPrice) return false;
  if (f.maxPrice !== undefined && paid(p) > f.maxPrice) return false;
  if (!f.size.length && !f.color.length) return true;
  return p.variants.some(
    (v) =>
      v.totalStock > 0 &&
      (!f.size.length || f.size.includes(v.size)) &&
      (!f.color.length || f.color.includes(v.color)),
  );
}

/** The facet of one dimension by brute force: each value as that dimension's only filter. */
function bruteFacet(f: Filter, key: 'category' | 'brand' | 'size' | 'color', values: string[]) {
  const counts: Record<string, number> = {};
  for (const value of values) {
    const n = catalogue.filter((p) => matches(p, { ...f, [key]: [value] })).length;
    if (n > 0) counts[value] = n;
  }
  return counts;
}

function randomFilter(): Filter {
  const f: Filter = {
    category: some(categories, 2),
    brand: some(brands, 2),
    size: rnd(2) ? some(sizes, 2) : [],
    color: rnd(2) ? some(colors, 2) : [],
  };
  if (rnd(3) === 0) f.minPrice = 20 + rnd(30);
  if (rnd(3) === 0) f.maxPrice = 50 + rnd(50);
  return f;
}

function urlOf(f: Filter) {
  const q = new URLSearchParams({ limit: '100' });
  for (const key of ['category', 'brand', 'size', 'color'] as const) {
    if (f[key].length) q.set(key, f[key].join(','));
  }
  if (f.minPrice !== undefined) q.set('minPrice', String(f.minPrice));
  if (f.maxPrice !== undefined) q.set('maxPrice', String(f.maxPrice));
  return `/api/shop/products/get?${q}`;
}

describe('listing filters and facets', () => {
  it('match brute-force counts over the catalogue for 20 random filter combinations', async () => {
    let withResults = 0;
    for (let i = 0; i < 20; i += 1) {
      const f = randomFilter();
      const res = await t.app.inject({ method: 'GET', url: urlOf(f) });
      expect(res.statusCode, urlOf(f)).toBe(200);
      const body = res.json();
      const expected = catalogue.filter((p) => matches(p, f));
      expect(body.pagination.total, urlOf(f)).toBe(expected.length);
      if (expected.length > 0) withResults += 1;
      expect(body.data.map((p: Product) => p._id).sort()).toEqual(
        expected.map((p) => p._id).sort(),
      );
      expect(body.facets.category, urlOf(f)).toEqual(bruteFacet(f, 'category', [...categories]));
      expect(body.facets.brand, urlOf(f)).toEqual(bruteFacet(f, 'brand', [...brands]));
      expect(body.facets.size, urlOf(f)).toEqual(bruteFacet(f, 'size', sizes));
      expect(body.facets.color, urlOf(f)).toEqual(bruteFacet(f, 'color', colors));
      const priced = catalogue
        .filter((p) => matches(p, { ...f, minPrice: undefined, maxPrice: undefined }))
        .map(paid);
      expect(body.facets.price).toEqual({
        min: priced.length ? Math.min(...priced) : null,
        max: priced.length ? Math.max(...priced) : null,
      });
    }
    // The combinations must exercise real matches, not only empty answers.
    expect(withResults).toBeGreaterThan(5);
  });

  it('refuses a bad price range and an overlong value with 400 naming the key', async () => {
    const inverted = await t.app.inject({ url: '/api/shop/products/get?minPrice=50&maxPrice=10' });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toContain('minPrice');
    const words = await t.app.inject({ url: '/api/shop/products/get?maxPrice=cheap' });
    expect(words.statusCode).toBe(400);
    expect(words.json().message).toContain('maxPrice');
    const long = await t.app.inject({ url: `/api/shop/products/get?size=${'X'.repeat(40)}` });
    expect(long.statusCode).toBe(400);
  });

  it('shows a sold-out size no more once its last item is reserved (cache follows stock)', async () => {
    const product = await makeProduct(t, {
      category: 'kids',
      variants: [{ size: '14Y', color: 'Teal', totalStock: 1 }],
    });
    const url = '/api/shop/products/get?size=14Y';
    expect((await t.app.inject({ url })).json().pagination.total).toBe(1);
    const { stock } = t.app.services;
    await t.db.transaction((tx) =>
      stock.reserve(tx, [
        { productId: product._id, variantId: product.variants[0]!._id, quantity: 1 },
      ]),
    );
    stock.changed([product._id]);
    const after = (await t.app.inject({ url })).json();
    expect(after.pagination.total).toBe(0);
    expect(after.facets.size['14Y']).toBeUndefined();
  });
});
