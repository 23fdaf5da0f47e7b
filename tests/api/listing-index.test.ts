import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { ListingIndex } from '../../server/src/modules/storefront/listing-index';
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
