import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Product } from '@contract/catalog';
import { toCents } from '@contract/money';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPriceHistory, products, productVariants } from '../../server/src/db/schema';
import { findLowestPrices } from '../../server/src/modules/catalog/price-history.repository';
import { uploadImage } from '../factories/images';
import { callAs, productInput } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/wait';

let t: TestApp;
let admin: TestUser;
let image: string;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-omnibus-')) });
  admin = await makeUser(t, { role: 'admin' });
  image = await uploadImage(t, admin);
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;

/** [price, sale price (0: none), days ago it took effect], oldest first. */
type Step = [number, number, number];

/**
 * A product whose price history is exactly `steps` (written with past dates, as the trigger
 * would have written them then); its current price is the last step's.
 */
async function productWithHistory(steps: Step[], title?: string) {
  const [price, salePrice] = steps.at(-1)!;
  const product = await makeProduct(t, { price, salePrice, ...(title ? { title } : {}) });
  await t.db.delete(productPriceHistory).where(eq(productPriceHistory.productId, product._id));
  const now = Date.now();
  await t.db.insert(productPriceHistory).values(
    steps.map(([p, s, daysAgo]) => ({
      productId: product._id,
      priceCents: toCents(p),
      salePriceCents: toCents(s),
      payPriceCents: toCents(s > 0 ? s : p),
      validFrom: new Date(now - daysAgo * DAY),
    })),
  );
  return product._id;
}

async function lowest(id: string) {
  const cents = (await findLowestPrices(t.db, [id])).get(id);
  return cents === undefined ? null : cents / 100;
}

const detail = async (id: string): Promise<Product> => {
  const res = await t.app.inject({ url: `/api/shop/products/get/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const historyOf = (id: string) =>
  t.db
    .select()
    .from(productPriceHistory)
    .where(eq(productPriceHistory.productId, id))
    .orderBy(asc(productPriceHistory.validFrom), asc(productPriceHistory.id));

describe('the price history', () => {
  it('records a row for the new product and for each price or sale price change, not stock', async () => {
    const product = await makeProduct(t, { price: 50, totalStock: 5 });
    const id = product._id;
    await t.db.update(products).set({ salePriceCents: 4000 }).where(eq(products.id, id));
    await t.db.update(products).set({ totalStock: 9 }).where(eq(products.id, id));
    await t.db.update(products).set({ title: 'Renamed' }).where(eq(products.id, id));
    await t.db.update(products).set({ priceCents: 5500 }).where(eq(products.id, id));
    // The same price written again is no change.
    await t.db.update(products).set({ priceCents: 5500 }).where(eq(products.id, id));
    await t.db.update(products).set({ salePriceCents: 0 }).where(eq(products.id, id));
    const rows = await historyOf(id);
    expect(rows.map((r) => [r.priceCents, r.salePriceCents, r.payPriceCents])).toEqual([
      [5000, 0, 5000],
      [5000, 4000, 4000],
      [5500, 4000, 4000],
      [5500, 0, 5500],
    ]);
  });

  it("a variant's stock change writes no row (variants share the product's price)", async () => {
    const product = await makeProduct(t, { price: 30, variants: [{ size: 'M', totalStock: 4 }] });
    const before = (await historyOf(product._id)).length;
    await t.db
      .update(productVariants)
      .set({ totalStock: 1 })
      .where(eq(productVariants.productId, product._id));
    await t.db.update(products).set({ totalStock: 1 }).where(eq(products.id, product._id));
    expect((await historyOf(product._id)).length).toBe(before);
  });
});

describe('lowestPrice30Days over a generated history', () => {
  it('is null when the product is not on sale', async () => {
    const id = await productWithHistory([
      [100, 0, 90],
      [100, 60, 40],
      [100, 0, 10],
    ]);
    expect(await lowest(id)).toBeNull();
    expect((await detail(id)).lowestPrice30Days).toBeNull();
  });

  it('is the stable price before a sale', async () => {
    const id = await productWithHistory([
      [100, 0, 60],
      [100, 70, 5],
    ]);
    expect(await lowest(id)).toBe(100);
    expect((await detail(id)).lowestPrice30Days).toBe(100);
  });

  it('counts a lower price 20 days before the reduction', async () => {
    const id = await productWithHistory([
      [100, 0, 80],
      [100, 55, 25], // a flash sale, 20 days before the reduction
      [100, 0, 22],
      [100, 70, 5],
    ]);
    expect(await lowest(id)).toBe(55);
  });

  it('ignores a lower price that ended more than 30 days before the reduction', async () => {
    const id = await productWithHistory([
      [100, 0, 90],
      [100, 40, 45], // 40 days before the reduction, ended 37 days before it
      [100, 0, 42],
      [100, 70, 5],
    ]);
    expect(await lowest(id)).toBe(100);
  });

  it('counts a price still paid when the 30 days began', async () => {
    const id = await productWithHistory([
      [100, 0, 90],
      [90, 0, 45], // in effect 40 days before the reduction, until 15 days before it
      [100, 0, 20],
      [100, 70, 5],
    ]);
    expect(await lowest(id)).toBe(90);
  });

  it('keeps the price before the first cut through progressive reductions (100, 80, 60)', async () => {
    const id = await productWithHistory([
      [100, 0, 70],
      [100, 80, 20],
      [100, 60, 6],
    ]);
    expect(await lowest(id)).toBe(100);
  });

  it('starts a new reduction after the sale ended (its 30 days include the old sale)', async () => {
    const id = await productWithHistory([
      [100, 0, 70],
      [100, 80, 30],
      [100, 0, 15],
      [100, 75, 3],
    ]);
    expect(await lowest(id)).toBe(80);
  });

  it('is the lowest price since first offered for a product created on sale', async () => {
    const id = await productWithHistory([
      [100, 70, 12],
      [100, 60, 4],
    ]);
    expect(await lowest(id)).toBe(60);
    const fresh = await makeProduct(t, { price: 100, salePrice: 65 });
    expect(fresh.lowestPrice30Days).toBe(65);
  });

  it('uses the days it had for a product offered less than 30 days before the reduction', async () => {
    const id = await productWithHistory([
      [100, 0, 20],
      [95, 0, 15],
      [100, 70, 5],
    ]);
    expect(await lowest(id)).toBe(95);
  });

  it('reads many products in one call', async () => {
    const a = await productWithHistory([
      [40, 0, 50],
      [40, 30, 2],
    ]);
    const b = await productWithHistory([[40, 0, 50]]);
    const found = await findLowestPrices(t.db, [a, b]);
    expect(found.get(a)).toBe(4000);
    expect(found.has(b)).toBe(false);
  });
});

describe('the answers', () => {
  it('carry lowestPrice30Days in the product page, the listing and search', async () => {
    const title = `Omnibus Parka ${Date.now()}`;
    const id = await productWithHistory(
      [
        [120, 0, 60],
        [120, 84, 25],
        [120, 0, 20],
        [120, 90, 2],
      ],
      title,
    );
    expect((await detail(id)).lowestPrice30Days).toBe(84);
    const listing = await t.app.inject({
      url: '/api/shop/products/get?category=men&sortBy=price-lowtohigh&limit=100',
    });
    const card = (listing.json().data as Product[]).find((p) => p._id === id);
    expect(card?.lowestPrice30Days).toBe(84);
    const search = await t.app.inject({ url: `/api/shop/search/${encodeURIComponent(title)}` });
    const hit = (search.json().data as Product[]).find((p) => p._id === id);
    expect(hit?.lowestPrice30Days).toBe(84);
  });

  it("follow an admin's price change at once (the cached answers are dropped)", async () => {
    const id = await productWithHistory([[80, 0, 60]]);
    expect((await detail(id)).lowestPrice30Days).toBeNull();
    const edit = (salePrice: number) =>
      callAs(
        t,
        'PUT',
        `/api/admin/products/edit/${id}`,
        admin,
        productInput(image, { price: 80, salePrice }),
      );
    let res = await edit(60);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lowestPrice30Days).toBe(80);
    expect((await detail(id)).lowestPrice30Days).toBe(80);
    const listing = await t.app.inject({ url: '/api/shop/products/get?limit=100' });
    const pages = [listing.json().data as Product[]];
    for (let page = 2; page <= listing.json().pagination.pages; page += 1) {
      const next = await t.app.inject({ url: `/api/shop/products/get?limit=100&page=${page}` });
      pages.push(next.json().data);
    }
    expect(pages.flat().find((p) => p._id === id)?.lowestPrice30Days).toBe(80);
    // A further cut keeps the price before the first one; the sale's end clears the value.
    res = await edit(50);
    expect((await detail(id)).lowestPrice30Days).toBe(80);
    res = await edit(0);
    expect(res.json().data.lowestPrice30Days).toBeNull();
    expect((await detail(id)).lowestPrice30Days).toBeNull();
  });

  it("follow another writer's price change (every instance hears it by NOTIFY)", async () => {
    const id = await productWithHistory([[90, 0, 60]]);
    expect((await detail(id)).lowestPrice30Days).toBeNull();
    // As another instance or SQL by hand would: nothing of this instance is told directly.
    await t.db.update(products).set({ salePriceCents: 6000 }).where(eq(products.id, id));
    expect(await eventually(async () => (await detail(id)).lowestPrice30Days === 90)).toBe(true);
  });

  it('accepts a product sent back with its lowestPrice30Days (ignored)', async () => {
    const product = await makeProduct(t, { price: 70, salePrice: 50 });
    const res = await callAs(t, 'PUT', `/api/admin/products/edit/${product._id}`, admin, {
      ...productInput(image, { price: 70, salePrice: 50 }),
      lowestPrice30Days: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lowestPrice30Days).toBe(50);
  });
});
