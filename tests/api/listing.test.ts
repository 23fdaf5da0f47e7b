import type { Product } from '@contract/catalog';
import { payPrice } from '@contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let all: Product[];

beforeAll(async () => {
  t = await createTestApp();
  all = [
    await makeProduct(t, { title: 'Alpha Tee', category: 'men', brand: 'nike', price: 50 }),
    await makeProduct(t, {
      title: 'bravo Hoodie',
      category: 'men',
      brand: 'nike',
      price: 80,
      salePrice: 30,
    }),
    await makeProduct(t, { title: 'Charlie Dress', category: 'women', brand: 'adidas', price: 40 }),
    await makeProduct(t, {
      title: 'Delta Jacket',
      category: 'men',
      brand: 'adidas',
      price: 100,
      salePrice: 90,
    }),
    await makeProduct(t, { title: 'Echo Cap', category: 'kids', brand: 'puma', price: 20 }),
    await makeProduct(t, {
      title: 'Foxtrot Runner',
      category: 'footwear',
      brand: 'nike',
      price: 60,
    }),
    await makeProduct(t, { title: 'Golf Polo', category: 'men', brand: 'nike', price: 50 }),
    await makeProduct(t, {
      title: 'Hotel Scarf',
      category: 'accessories',
      brand: 'h&m',
      price: 15,
    }),
  ];
});
afterAll(async () => t.close());

const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/shop/products/get${query}` });
const titles = (products: Product[]) => products.map((p) => p.title);
const byPriceThenId = (a: Product, b: Product) =>
  payPrice(a) - payPrice(b) || (a._id < b._id ? -1 : 1);

describe('listing filters', () => {
  it('lists every product, cheapest first, with pagination, when nothing is asked', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(titles(body.data)).toEqual(titles([...all].sort(byPriceThenId)));
    expect(body.pagination).toEqual({ page: 1, limit: 24, total: all.length, pages: 1 });
  });

  it('filters by one category', async () => {
    const body = (await list('?category=men')).json();
    expect(body.data.length).toBe(4);
    expect(body.data.every((p: Product) => p.category === 'men')).toBe(true);
    expect(body.pagination.total).toBe(4);
  });

  it('filters by several categories given comma-separated or repeated', async () => {
    const comma = (await list('?category=women,kids')).json();
    const repeated = (await list('?category=women&category=kids')).json();
    expect(titles(comma.data).sort()).toEqual(['Charlie Dress', 'Echo Cap']);
    expect(titles(repeated.data)).toEqual(titles(comma.data));
  });

  it('filters by brand, including a brand with a character to encode', async () => {
    const nike = (await list('?brand=nike')).json();
    expect(nike.data.every((p: Product) => p.brand === 'nike')).toBe(true);
    expect(nike.pagination.total).toBe(4);
    const hm = (await list(`?brand=${encodeURIComponent('h&m')}`)).json();
    expect(titles(hm.data)).toEqual(['Hotel Scarf']);
  });

  it('combines category and brand lists (any of the categories and any of the brands)', async () => {
    const body = (await list('?category=men,women&brand=adidas')).json();
    expect(titles(body.data).sort()).toEqual(['Charlie Dress', 'Delta Jacket']);
  });

  it('answers an empty page when nothing matches', async () => {
    const body = (await list('?category=kids&brand=nike')).json();
    expect(body.data).toEqual([]);
    expect(body.pagination).toEqual({ page: 1, limit: 24, total: 0, pages: 0 });
  });
});

describe('listing sorts', () => {
  it('sorts by the price paid, low to high: a sale price counts, not the list price', async () => {
    const body = (await list('?sortBy=price-lowtohigh&category=men')).json();
    // bravo Hoodie costs 80 but is on sale at 30.
    expect(titles(body.data)).toEqual(
      titles(all.filter((p) => p.category === 'men').sort(byPriceThenId)),
    );
    expect(body.data[0].title).toBe('bravo Hoodie');
  });

  it('sorts by the price paid, high to low, equal prices in a fixed order', async () => {
    const body = (await list('?sortBy=price-hightolow&category=men&brand=nike')).json();
    expect(body.data.map(payPrice)).toEqual([50, 50, 30]);
    const again = (await list('?sortBy=price-hightolow&category=men&brand=nike')).json();
    expect(titles(again.data)).toEqual(titles(body.data));
  });

  it('sorts by title A to Z and Z to A, ignoring letter case', async () => {
    const az = (await list('?sortBy=title-atoz')).json();
    expect(titles(az.data)).toEqual([
      'Alpha Tee',
      'bravo Hoodie',
      'Charlie Dress',
      'Delta Jacket',
      'Echo Cap',
      'Foxtrot Runner',
      'Golf Polo',
      'Hotel Scarf',
    ]);
    const za = (await list('?sortBy=title-ztoa')).json();
    expect(titles(za.data)).toEqual(titles(az.data).reverse());
  });

  it('sorts within filters', async () => {
    const body = (await list('?sortBy=title-ztoa&brand=nike,adidas&category=men')).json();
    expect(titles(body.data)).toEqual(['Golf Polo', 'Delta Jacket', 'bravo Hoodie', 'Alpha Tee']);
  });
});

describe('listing pagination', () => {
  it('splits the results into pages with totals, each product exactly once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const body = (await list(`?limit=3&page=${page}&sortBy=price-hightolow`)).json();
      expect(body.pagination).toEqual({ page, limit: 3, total: 8, pages: 3 });
      seen.push(...titles(body.data));
    }
    const whole = (await list('?sortBy=price-hightolow')).json();
    expect(seen).toEqual(titles(whole.data));
  });

  it('keeps the order stable across pages when prices are equal', async () => {
    const first = (await list('?brand=nike&limit=1&page=2&sortBy=price-hightolow')).json();
    const second = (await list('?brand=nike&limit=1&page=3&sortBy=price-hightolow')).json();
    expect([first.data[0].title, second.data[0].title].sort()).toEqual(['Alpha Tee', 'Golf Polo']);
  });

  it('answers an empty page past the last one', async () => {
    const body = (await list('?page=5&limit=5')).json();
    expect(body.data).toEqual([]);
    expect(body.pagination).toEqual({ page: 5, limit: 5, total: 8, pages: 2 });
  });
});

describe('listing refuses bad parameters with 400', () => {
  it.each([
    ['an unknown category', '?category=men,shoes', 'category'],
    ['an unknown brand', '?brand=gucci', 'brand'],
    ['an unknown sort key', '?sortBy=newest', 'sortBy'],
    ['page 0', '?page=0', 'page'],
    ['a negative page', '?page=-1', 'page'],
    ['a fractional page', '?page=1.5', 'page'],
    ['a page that is not a number', '?page=abc', 'page'],
    ['an empty page', '?page=', 'page'],
    ['a limit above 100', '?limit=101', 'limit'],
    ['a limit of 0', '?limit=0', 'limit'],
    ['an unknown parameter', '?colour=red', 'colour'],
  ])('%s', async (_name, query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    expect(res.json().message).toContain(field);
  });

  it('accepts a limit of exactly 100', async () => {
    expect((await list('?limit=100')).statusCode).toBe(200);
  });
});

describe('product detail', () => {
  it('returns one product with money as decimals, public', async () => {
    const hoodie = all[1]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${hoodie._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        _id: hoodie._id,
        image: 'http://localhost:5000/uploads/test.webp',
        title: 'bravo Hoodie',
        description: expect.any(String),
        category: 'men',
        brand: 'nike',
        price: 80,
        salePrice: 30,
        // Issue 26: created on sale, its 30-day price is the sale price (docs/pricing.md).
        lowestPrice30Days: 30,
        totalStock: 50,
        averageReview: 0,
        variants: [],
        sizes: [],
        colors: [],
        colorImages: [],
        // Issue 28: none given, nobody answered, no chart.
        sizeChartId: null,
        composition: [],
        care: null,
        fitSummary: { small: 0, true: 0, large: 0, verdict: null },
        sizeChart: null,
      },
    });
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an id with quotes', encodeURIComponent("1' or '1'='1")],
  ])('answers 404 for %s', async (_name, id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
