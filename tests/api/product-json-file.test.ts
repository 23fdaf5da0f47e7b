import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { BytesFile } from '../../server/src/lib/bytes-file';
import { findProducts } from '../../server/src/modules/catalog';
import { ProductJsonCache } from '../../server/src/modules/storefront/product-json-cache';
import { createProductJsonCache } from '../../server/src/modules/storefront/storefront-cache';
import { makeProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/wait';

// The products' JSON the listings, searches and product answers are made of is kept in a file
// (the system's page cache holds it), not in the V8 heap: 13.7 MB of strings for 10,000
// products, and 14 MB of answer buffers at the memory row's peak (docs/performance.md).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listing = (query: string) => t.app.inject({ url: `/api/shop/products/get?${query}` });

describe('products kept in a file', () => {
  it('keeps a product read once in a file under DATA_DIR, and answers the same from it', async () => {
    const { productJson } = t.app.services;
    expect(productJson.dir?.startsWith(t.app.config.DATA_DIR)).toBe(true);
    // Text beyond ASCII comes back as it was (bytes in the file, decoded as UTF-8).
    const title = 'Café crème tee – ½ sleeve ✓ 🌿';
    const product = await makeProduct(t, { title, description: 'Ünïcode · déjà vu' });
    const url = `/api/shop/products/get/${product._id}`;
    const first = await t.app.inject({ url });
    expect(first.json().data.title).toBe(title);
    // The read kept it: slots of the file are counted, and the next read is the same answer.
    expect(productJson.size).toBeGreaterThan(0);
    expect(productJson.byteSize).toBeGreaterThan(0);
    const again = await t.app.inject({ url });
    expect(again.body).toBe(first.body);
    const search = await listing(`category=men&sortBy=title-atoz&limit=100`);
    const card = search.json().data.find((p: { _id: string }) => p._id === product._id);
    expect(card.title).toBe(title);
    expect(card.description).toBe('Ünïcode · déjà vu');
  });

  it('answers the product as changed, and reuses the file for the changed products', async () => {
    const product = await makeProduct(t, { title: 'Reused Slot Scarf', price: 30 });
    const url = `/api/shop/products/get/${product._id}`;
    const { productJson } = t.app.services;
    const priceOf = async () => (await t.app.inject({ url })).json().data.price;
    expect(await priceOf()).toBe(30);
    expect(productJson.byteSize).toBeGreaterThan(0);
    let grownBy = 0;
    for (let round = 1; round <= 20; round += 1) {
      const before = productJson.fileBytes;
      await t.db
        .update(products)
        .set({ priceCents: 3000 + round * 100 })
        .where(eq(products.id, product._id));
      expect(await eventually(async () => (await priceOf()) === 30 + round)).toBe(true);
      if (round > 2) grownBy += productJson.fileBytes - before;
    }
    // Each change frees the product's slots, and its next answer takes them again: 20 changes
    // do not leave 20 copies in the file.
    expect(grownBy).toBe(0);
    // An answer read back before a change reads no brotli form after it (its slot may hold
    // another product's bytes by then): the sender compresses the body it holds instead.
    await priceOf();
    const before = (await productJson.forms(product._id))!;
    expect(before.br()).not.toBeNull();
    await t.db.update(products).set({ priceCents: 9900 }).where(eq(products.id, product._id));
    expect(await eventually(async () => (await priceOf()) === 99)).toBe(true);
    expect(before.br()).toBeNull();
  });

  it('keeps a product read again while the products read once go first', async () => {
    const made = await Promise.all(
      ['Sweep Tee A', 'Sweep Tee B', 'Sweep Tee C', 'Sweep Tee D'].map((title) =>
        makeProduct(t, { title }),
      ),
    );
    const [a, b, c, d] = made.map((product) => product._id);
    const loads: string[] = [];
    const load = (ids: string[]) => {
      loads.push(...ids);
      return findProducts(t.db, ids);
    };
    const dir = path.join(t.app.config.DATA_DIR, 'sweep');
    const cacheOf = (maxBytes: number) =>
      new ProductJsonCache(
        load,
        'http://localhost',
        maxBytes,
        BytesFile.open([dir], maxBytes * 2, 256),
      );
    const probe = cacheOf(1024 * 1024);
    await probe.many([a!, b!, c!, d!]);
    // Each takes the same room of the file (the same fields, titles of the same length).
    const room = probe.byteSize / 4;
    probe.close();
    // Room for three of them.
    const cache = cacheOf(room * 3);
    for (const id of [a!, b!, c!]) await cache.many([id]);
    expect(cache.size).toBe(3);
    await cache.many([a!]);
    loads.length = 0;
    // Over the budget: a, read again, is passed over; b, the oldest read once, goes.
    await cache.many([d!]);
    await cache.many([a!, c!]);
    expect(loads).toEqual([d]);
    await cache.many([b!]);
    expect(loads).toEqual([d, b]);
    cache.close();
  });

  it('answers from the database, keeping nothing, when no file can be made', async () => {
    const product = await makeProduct(t, { title: 'Unkept Gloves' });
    // A directory inside a file cannot be made: no directory takes the file.
    const notADir = path.join(t.app.config.DATA_DIR, 'a-file');
    writeFileSync(notADir, '');
    const cache = createProductJsonCache(t.db, 'http://localhost', [path.join(notADir, 'cache')]);
    expect(cache.dir).toBeUndefined();
    const [json] = await cache.many([product._id]);
    expect(JSON.parse(json!).title).toBe('Unkept Gloves');
    expect(await cache.answer(product._id)).toBeDefined();
    await cache.warm([product._id]);
    expect(cache.size).toBe(0);
    cache.close();
  });
});
