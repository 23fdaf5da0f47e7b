import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import {
  type ListingFilter,
  ListingIndex,
} from '../../server/src/modules/storefront/listing-index';
import { makeProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The listing index (server/src/modules/storefront/listing-index.ts) on a real database: no
// query is answered from facts a reload under way is replacing.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cheapest = (index: ListingIndex) => index.query({}, 'price-lowtohigh', 0, 1);

it('answers the queries made while the catalogue loads from the loaded catalogue', async () => {
  await Promise.all([1, 2, 3].map(() => makeProduct(t)));
  // As at start-up: shoppers' queries arrive while the first load is under way.
  const index = new ListingIndex(t.db);
  const [first, second, ids] = await Promise.all([
    cheapest(index),
    cheapest(index),
    index.allIds(),
  ]);
  expect(first.total).toBeGreaterThanOrEqual(3);
  expect(second.total).toBe(first.total);
  expect(ids).toHaveLength(first.total);
});

it("answers no query from a changed product's old facts while they reload", async () => {
  const index = new ListingIndex(t.db);
  const product = await makeProduct(t, { price: 500 });
  expect((await cheapest(index)).ids).not.toEqual([product._id]);
  await t.db.update(products).set({ priceCents: 1 }).where(eq(products.id, product._id));
  index.changed([product._id]);
  const [first, second] = await Promise.all([cheapest(index), cheapest(index)]);
  expect(first.ids).toEqual([product._id]);
  expect(second.ids).toEqual([product._id]);
});

it('after a change, knows every other product as a catalogue loaded anew does', async () => {
  // The index keeps its table alone, not the entries it was built from: a change builds the
  // next table from the entries made again out of the last one. Any fact lost or mixed up on
  // the way (a code, a price, a title, a size-colour pair) shows against a fresh load.
  const made = await Promise.all([
    makeProduct(t, { category: 'women', brand: 'zara', price: 30, title: 'Alpha dress' }),
    makeProduct(t, {
      category: 'kids',
      brand: 'puma',
      price: 12,
      title: 'beta shorts',
      composition: [{ part: '', fibres: [{ fibre: 'cotton', percent: 100 }] }],
      variants: [
        { size: 'S', color: 'Red', totalStock: 2 },
        { size: 'M', color: 'Blue', totalStock: 1 },
        { size: 'L', color: 'Red', totalStock: 0 },
      ],
    }),
    makeProduct(t, {
      category: 'women',
      brand: 'puma',
      price: 55,
      title: 'Gamma coat',
      composition: [
        {
          part: '',
          fibres: [
            { fibre: 'wool', percent: 80 },
            { fibre: 'polyester', percent: 20 },
          ],
        },
      ],
      variants: [
        { size: 'M', color: 'Black', totalStock: 4 },
        { size: 'XL', color: 'Blue', totalStock: 3 },
      ],
    }),
    makeProduct(t, { category: 'men', brand: 'levi', price: 80, title: 'delta jeans' }),
  ]);
  const index = new ListingIndex(t.db);
  await index.allIds();
  const [changed, gone] = made;
  await t.db.update(products).set({ priceCents: 99_00 }).where(eq(products.id, changed!._id));
  await t.db.delete(products).where(eq(products.id, gone!._id));
  index.changed([changed!._id, gone!._id]);

  const fresh = new ListingIndex(t.db);
  const filters: ListingFilter[] = [
    {},
    { category: ['women'] },
    { brand: ['puma'], size: ['M'] },
    { color: ['Blue'] },
    { fibre: ['wool'] },
    { minPrice: 1_000, maxPrice: 6_000 },
  ];
  for (const filter of filters) {
    for (const sort of ['price-hightolow', 'title-atoz', 'title-ztoa'] as const) {
      const [after, loaded] = await Promise.all([
        index.query(filter, sort, 0, 100),
        fresh.query(filter, sort, 0, 100),
      ]);
      expect({ filter, sort, ids: after.ids, total: after.total }).toEqual({
        filter,
        sort,
        ids: loaded.ids,
        total: loaded.total,
      });
      expect(after.facets()).toEqual(loaded.facets());
    }
  }
  const ids = await index.allIds();
  expect(ids).not.toContain(gone!._id);
  expect(ids.sort()).toEqual((await fresh.allIds()).sort());
  // The filters above found what they name (a fibre, a size in stock), not empty lists alike.
  expect((await index.query({ fibre: ['wool'] }, 'title-atoz', 0, 100)).ids).toContain(
    made[2]!._id,
  );
  expect((await index.query({ size: ['XL'] }, 'title-atoz', 0, 100)).ids).toContain(made[2]!._id);
  const dearest = await index.query({}, 'price-hightolow', 0, 1);
  expect(dearest.ids).toEqual([changed!._id]);
});
