import type { Product } from '@contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await makeProduct(t, {
    title: 'Classic Denim Jacket',
    category: 'men',
    brand: 'levi',
    description: 'Rigid denim, four pockets.',
  });
  await makeProduct(t, {
    title: 'Kids Rain Jacket',
    category: 'kids',
    brand: 'puma',
    description: 'Keeps the rain out.',
  });
  await makeProduct(t, {
    title: 'Running Sneaker Pegasus',
    category: 'footwear',
    brand: 'nike',
    description: 'A breathable mesh upper.',
  });
  await makeProduct(t, {
    title: 'Summer Floral Dress',
    category: 'women',
    brand: 'zara',
    description: 'Light viscose with a jacket-friendly cut.',
  });
  await makeProduct(t, { title: 'Wool Beanie', category: 'accessories', brand: 'h&m' });
  await makeProduct(t, { title: 'Fleece Hoodie', category: 'men', brand: 'adidas' });
});
afterAll(async () => t.close());

const search = (keyword: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/shop/search/${encodeURIComponent(keyword)}${query}`,
  });
const titles = (res: { json(): { data: Product[] } }) => res.json().data.map((p) => p.title);

describe('search finds products', () => {
  it('by a word of the title, title matches ranked above description matches', async () => {
    const res = await search('jacket');
    expect(res.statusCode).toBe(200);
    const found = titles(res);
    expect(found.slice(0, 2).sort()).toEqual(['Classic Denim Jacket', 'Kids Rain Jacket']);
    expect(found).toContain('Summer Floral Dress'); // "jacket-friendly" in its description
    expect(found.indexOf('Summer Floral Dress')).toBe(2);
  });

  it('by brand', async () => {
    expect(titles(await search('zara'))).toEqual(['Summer Floral Dress']);
    expect(titles(await search('adidas'))).toEqual(['Fleece Hoodie']);
  });

  it('by category', async () => {
    expect(titles(await search('footwear'))).toEqual(['Running Sneaker Pegasus']);
  });

  it('by a word of the description', async () => {
    expect(titles(await search('breathable'))).toEqual(['Running Sneaker Pegasus']);
  });

  it('by several words, case-insensitively', async () => {
    expect(titles(await search('DENIM Jacket'))[0]).toBe('Classic Denim Jacket');
  });

  it.each([
    ['a wrong letter', 'hoodei', 'Fleece Hoodie'],
    ['a missing letter', 'sneakr', 'Running Sneaker Pegasus'],
    ['an extra letter', 'addidas', 'Fleece Hoodie'],
    ['two letters swapped', 'beanei', 'Wool Beanie'],
    ['a typo among two words', 'floral dres', 'Summer Floral Dress'],
  ])('despite %s ("%s")', async (_name, keyword, title) => {
    expect(titles(await search(keyword))[0]).toBe(title);
  });

  it('corrects a typo of a word only the description has (the vocabulary, not title trigrams)', async () => {
    expect(titles(await search('breathabel'))).toEqual(['Running Sneaker Pegasus']);
    expect(titles(await search('viscsoe'))).toEqual(['Summer Floral Dress']);
  });

  it('corrects every mistyped word of a keyword, and keeps the words it knows', async () => {
    expect(titles(await search('rigdi denmi'))).toEqual(['Classic Denim Jacket']);
  });

  it('learns the words of new products and of edited titles', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const added = await makeProduct(t, { title: 'Corduroy Overshirt', category: 'men' });
    expect(titles(await search('corduory'))).toEqual(['Corduroy Overshirt']);
    const { _id, ...fields } = added;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: { ...fields, title: 'Moleskin Overshirt' },
    });
    expect(edit.statusCode).toBe(200);
    expect(titles(await search('moelskin'))).toEqual(['Moleskin Overshirt']);
  });

  it('finds nothing for nonsense', async () => {
    const res = await search('xyzzyqwv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: [], pagination: { total: 0 } });
  });

  it('is public: no session needed', async () => {
    expect((await search('jacket')).statusCode).toBe(200);
  });

  it('is paginated, with totals', async () => {
    const first = await search('jacket', '?limit=2&page=1');
    const second = await search('jacket', '?limit=2&page=2');
    expect(first.json().pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect([...titles(first), ...titles(second)]).toEqual(titles(await search('jacket')));
    // A page past the last match still says how many there are.
    const past = await search('jacket', '?limit=2&page=5');
    expect(past.json()).toMatchObject({ data: [], pagination: { page: 5, total: 3, pages: 2 } });
  });

  it('refuses a limit above 100 and a bad page', async () => {
    expect((await search('jacket', '?limit=101')).statusCode).toBe(400);
    expect((await search('jacket', '?page=0')).statusCode).toBe(400);
  });
});

describe('search treats every character as plain text', () => {
  it.each([
    ['a catastrophic regular expression', '(.*)+$'],
    ['a LIKE wildcard', '%'],
    ['LIKE wildcards around a word', '%jack_t%'],
    ['a quote', "'"],
    ['an SQL injection', "'; drop table products; --"],
    ['tsquery operators', 'jacket & !(| <-> :*'],
    ['a backslash', '\\'],
    ['unicode', 'Jäckę 夏のドレス 👗'],
    ['right-to-left text', 'فستان'],
    ['a keyword of 100 characters', 'a'.repeat(100)],
  ])('answers 200 for %s', async (_name, keyword) => {
    const res = await search(keyword);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it('still finds products after an injection attempt', async () => {
    await search("'; drop table products; --");
    expect(titles(await search('zara'))).toEqual(['Summer Floral Dress']);
  });

  it('does not treat % as a wildcard', async () => {
    expect(titles(await search('%'))).toEqual([]);
  });

  it('refuses a NUL character and a keyword over 100 characters with 400', async () => {
    expect((await search('jack\u0000et')).statusCode).toBe(400);
    expect((await search('a'.repeat(101))).statusCode).toBe(400);
  });
});
