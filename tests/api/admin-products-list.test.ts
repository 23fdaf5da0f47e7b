import { randomBytes } from 'node:crypto';
import type { AdminProductListItem } from '@contract/admin-product-list';
import type { Product } from '@contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, type ProductOverrides } from '../factories/products';
import { makeStaff } from '../factories/staff';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Page = {
  success: true;
  data: AdminProductListItem[];
  pagination: { page: number; limit: number; total: number; pages: number };
};

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

const token = () => `tk${randomBytes(4).toString('hex')}`;
const get = (query: string, who: TestUser | null = admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/products/get${query ? `?${query}` : ''}`,
    headers: who ? { cookie: who.cookie } : {},
  });
const list = async (query: string) => {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const ids = async (query: string) => new Set((await list(query)).data.map((p) => p._id));
const idsOf = (...products: Product[]) => new Set(products.map((p) => p._id));
/** A product titled with `tag`, so a search for the tag finds this test's products only. */
const tagged = (tag: string, o: ProductOverrides = {}) =>
  makeProduct(t, { title: `Tee ${tag} ${randomBytes(2).toString('hex')}`, ...o });

describe('the admin product list: search', () => {
  it('finds a product by its title, in any case', async () => {
    const tag = token();
    const tee = await tagged(tag, { title: `Linen Shirt ${tag}` });
    await tagged(token());
    expect(await ids(`search=LINEN%20shirt%20${tag.toUpperCase()}`)).toEqual(idsOf(tee));
  });

  it('finds a product by its brand, as stored or as labelled', async () => {
    const tag = token();
    const levis = await tagged(tag, { brand: 'levi' });
    const hm = await tagged(tag, { brand: 'h&m' });
    await tagged(tag, { brand: 'zara' });
    // Every brand's products match the brand, so the test's own are picked by category.
    const found = async (search: string) => {
      const { data } = await list(`search=${encodeURIComponent(search)}&limit=100`);
      return data.filter((p) => p.title.includes(tag)).map((p) => p._id);
    };
    expect(await found('LEVI')).toEqual([levis._id]);
    expect(await found("Levi's")).toEqual([levis._id]);
    expect(await found('h&m')).toEqual([hm._id]);
  });

  it("finds a product by its own SKU and by any variant's, in part and in any case", async () => {
    const tag = token();
    const T = tag.toUpperCase();
    const own = await tagged(token(), { sku: `${tag}-own` });
    const sized = await tagged(token(), {
      variants: [
        { size: 'S', totalStock: 3, sku: `${T}-VAR-S` },
        { size: 'M', totalStock: 0, sku: `${T}-VAR-M` },
      ],
    });
    expect(await ids(`search=${tag}`)).toEqual(idsOf(own, sized));
    expect(await ids(`search=${tag.toUpperCase()}-own`)).toEqual(idsOf(own));
    expect(await ids(`search=${tag}-var-m`)).toEqual(idsOf(sized));
    expect(await ids(`search=${tag}-var-x`)).toEqual(new Set());
  });

  it('takes %, _ and \\ in a search literally', async () => {
    const tag = token();
    const named = await tagged(tag, { title: `${tag} 50%_off\\` });
    await tagged(tag, { title: `${tag} 50xyoff` });
    expect(await ids(`search=${encodeURIComponent(`${tag} 50%_`)}`)).toEqual(idsOf(named));
    expect(await ids(`search=${encodeURIComponent(`${tag} 50__off`)}`)).toEqual(new Set());
    expect(await ids(`search=${encodeURIComponent(`${tag} 50%_off\\`)}`)).toEqual(idsOf(named));
  });
});

describe('the admin product list: filters', () => {
  it('filters by category and by brand, alone and with a search', async () => {
    const tag = token();
    const kidsNike = await tagged(tag, { category: 'kids', brand: 'nike' });
    const kidsPuma = await tagged(tag, { category: 'kids', brand: 'puma' });
    const menPuma = await tagged(tag, { category: 'men', brand: 'puma' });
    expect(await ids(`search=${tag}&category=kids`)).toEqual(idsOf(kidsNike, kidsPuma));
    expect(await ids(`search=${tag}&brand=puma`)).toEqual(idsOf(kidsPuma, menPuma));
    expect(await ids(`search=${tag}&category=kids&brand=puma`)).toEqual(idsOf(kidsPuma));
    expect(await ids(`search=${tag}&category=women`)).toEqual(new Set());
    const everyKid = (await list('category=kids&limit=100')).data;
    expect(everyKid.map((p) => p._id)).toContain(kidsNike._id);
    expect(everyKid.every((p) => p.category === 'kids')).toBe(true);
    const everyPuma = (await list('brand=puma&limit=100')).data;
    expect(everyPuma.every((p) => p.brand === 'puma')).toBe(true);
  });

  it('sorts stock into out (0), low (1 to 9) and in (1 or more), on the variants’ sum', async () => {
    const tag = token();
    const none = await tagged(tag, { totalStock: 0 });
    const one = await tagged(tag, { totalStock: 1 });
    const nine = await tagged(tag, { totalStock: 9 });
    const ten = await tagged(tag, { totalStock: 10 });
    const soldOutSizes = await tagged(tag, {
      variants: [
        { size: 'S', totalStock: 0 },
        { size: 'M', totalStock: 0 },
      ],
    });
    // One size gone, three units left in all: low, not out.
    const fewSizes = await tagged(tag, {
      variants: [
        { size: 'S', totalStock: 3 },
        { size: 'M', totalStock: 0 },
      ],
    });
    expect(await ids(`search=${tag}&stock=out`)).toEqual(idsOf(none, soldOutSizes));
    expect(await ids(`search=${tag}&stock=low`)).toEqual(idsOf(one, nine, fewSizes));
    expect(await ids(`search=${tag}&stock=in`)).toEqual(idsOf(one, nine, ten, fewSizes));
    const everyOut = (await list('stock=out&limit=100')).data;
    expect(everyOut.map((p) => p._id)).toContain(none._id);
    expect(everyOut.every((p) => p.totalStock === 0)).toBe(true);
  });

  it("shows each product's SKU and its variants' stock", async () => {
    const tag = token();
    const T = tag.toUpperCase();
    const product = await tagged(tag, {
      sku: `${tag}-tee`,
      variants: [
        { size: 'S', totalStock: 3, sku: `${T}-S` },
        { size: 'M', totalStock: 0, sku: `${T}-M` },
        { size: 'L', totalStock: 12, sku: `${T}-L` },
      ],
    });
    const plain = await tagged(tag, { totalStock: 4 });
    const { data } = await list(`search=${tag}`);
    const listed = data.find((p) => p._id === product._id)!;
    expect(listed.sku).toBe(`${T}-TEE`);
    expect(listed.totalStock).toBe(15);
    expect(listed.variants.map((v) => [v.size, v.sku, v.totalStock])).toEqual([
      ['S', `${T}-S`, 3],
      ['M', `${T}-M`, 0],
      ['L', `${T}-L`, 12],
    ]);
    expect(data.find((p) => p._id === plain._id)).toMatchObject({ sku: null, variants: [] });
  });
});

describe('the admin product list: pages', () => {
  it('pages what matches, newest first, and counts it', async () => {
    const tag = token();
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await tagged(tag));
    const first = await list(`search=${tag}&limit=2`);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    const second = await list(`search=${tag}&limit=2&page=2`);
    const third = await list(`search=${tag}&limit=2&page=3`);
    expect(third.pagination).toEqual({ page: 3, limit: 2, total: 5, pages: 3 });
    const seen = [...first.data, ...second.data, ...third.data].map((p) => p._id);
    expect(seen).toEqual(made.map((p) => p._id).reverse());
    expect((await list(`search=${tag}&limit=2&page=4`)).data).toEqual([]);
  });

  it('answers a page of 24 when a filter comes without a limit', async () => {
    const tag = token();
    await tagged(tag);
    expect((await list(`search=${tag}`)).pagination).toEqual({
      page: 1,
      limit: 24,
      total: 1,
      pages: 1,
    });
    expect((await list('page=1')).pagination.limit).toBe(24);
  });
});

describe('the admin product list: its edges', () => {
  it('answers as before without parameters; empty and unknown parameters are none', async () => {
    await makeProduct(t, { sku: `${token()}-whole` });
    const res = await get('');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['success', 'data']);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((p: object) => !('sku' in p))).toBe(true);
    for (const query of ['search=&category=&brand=&stock=&page=&limit=', 'search=%20%20', 'x=1']) {
      expect((await get(query)).body, query).toBe(res.body);
    }
    // The page holds the same products in the same order.
    const page = await list('limit=100');
    expect(page.data.map((p) => p._id)).toEqual(body.data.map((p: Product) => p._id));
    expect(page.pagination.total).toBe(body.data.length);
  });

  it('refuses bad parameters with 400 and says which', async () => {
    const cases: Record<string, string> = {
      'limit=0': 'limit must be at least 1',
      'limit=101': 'limit must be at most 100',
      'page=0': 'page must be at least 1',
      'page=100001': 'page must be at most 100000',
      'page=two': 'page must be a number',
      'page=1.5': 'page must be a whole number',
      'page=1&page=2': 'page must be a number',
      [`search=${'a'.repeat(101)}`]: 'search must be at most 100 characters',
      'search=%07': 'search must not contain control characters',
      'search=a&search=b': 'search',
      'category=shoes': 'category must be one of men, women, kids, accessories, footwear',
      'brand=gucci': 'brand must be one of nike, adidas, puma, levi, zara, h&m',
      'stock=few': 'stock must be one of out, low, in',
      'stock=out&stock=low': 'stock must be one of out, low, in',
    };
    for (const [query, message] of Object.entries(cases)) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, code: 'INVALID_INPUT' });
      expect(res.json().message, query).toContain(message);
    }
  });

  it('asks for the catalog permission before it reads the parameters', async () => {
    const shopper = await makeUser(t);
    const packer = await makeStaff(t, ['orders.view', 'orders.ship']);
    const cataloguer = await makeStaff(t, ['catalog']);
    for (const query of ['limit=500', 'stock=few', 'search=a']) {
      expect((await get(query, null)).statusCode, query).toBe(401);
      expect((await get(query, shopper)).statusCode, query).toBe(403);
      expect((await get(query, packer)).statusCode, query).toBe(403);
    }
    expect((await get('search=a', cataloguer)).statusCode).toBe(200);
    expect((await get('limit=500', cataloguer)).statusCode).toBe(400);
  });
});
