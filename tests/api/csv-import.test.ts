import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPriceHistory, products } from '../../server/src/db/schema';
import { exportCsv, importCsv, productsCsv } from '../factories/csv';
import { uploadImage } from '../factories/images';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let image: string;
let imageName: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
  image = await uploadImage(t, admin);
  imageName = image.split('/').pop()!;
});
afterAll(() => t.close());

const stored = (url: string) => url.slice(t.app.config.publicUrl.length);
const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;
const get = (id: string) => t.app.services.catalog.getProduct(id);
const bySku = async (sku: string) =>
  (await t.db.select().from(products).where(eq(products.sku, sku)))[0];

const good = (sku: string, extra: Record<string, string | number> = {}) => ({
  'product sku': sku,
  title: `Imported ${sku}`,
  description: 'From a spreadsheet',
  category: 'women',
  brand: 'zara',
  price: '30.00',
  image: imageName,
  stock: 4,
  ...extra,
});

describe('export then import', () => {
  it('round-trips a catalogue unchanged, variants, colour pictures and guarded text included', async () => {
    const a = await makeProduct(t, {
      title: '=Formula coat',
      description: '-5% wool\nsecond line, "quoted"',
      price: 99.9,
      salePrice: 79.5,
      image: stored(image),
      variants: [
        { size: 'S', color: 'Red', totalStock: 2, sku: 'RT-S-RED' },
        { size: 'M', color: 'Red', totalStock: 0, sku: 'RT-M-RED' },
        { size: 'M', color: 'Blue', totalStock: 7, sku: '-RT-M-BLUE' },
      ],
    });
    await t.app.services.catalog.editProduct(a._id, {
      ...(await get(a._id)),
      image: stored(image),
      colorImages: [{ color: 'Blue', image: stored(image) }],
    } as never);
    const b = await makeProduct(t, { title: '@Plain cap', image: stored(image), totalStock: 12 });
    const before = await Promise.all([get(a._id), get(b._id)]);
    const { res, rows } = await exportCsv(t, admin, '/api/admin/export/products.csv');
    expect(rows.filter((r) => r.title === "'=Formula coat")).toHaveLength(3);

    const again = await importCsv(t, admin, Buffer.from(res.rawPayload));
    expect(again.json()).toMatchObject({ success: true, created: 0, errors: [] });
    expect(await Promise.all([get(a._id), get(b._id)])).toEqual(before);
  });
});

describe('a bad file', () => {
  it('changes nothing and reports each bad row with its line and column', async () => {
    const products = await productCount();
    const file = productsCsv([
      good('BAD-1'),
      good('BAD-2', { price: 'abc' }),
      good('BAD-3', { category: 'pets' }),
      good('BAD-4', { image: 'https://elsewhere.example/x.jpg' }),
    ]);
    const res = await importCsv(t, admin, file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'INVALID_INPUT',
      errors: [
        { line: 3, column: 'price', message: 'must be a number' },
        { line: 4, column: 'category' },
        { line: 5, column: 'image' },
      ],
    });
    expect(await productCount()).toBe(products);
    expect(await bySku('BAD-1')).toBeUndefined();
  });

  it('refuses a variant SKU another product uses, at its line', async () => {
    await makeProduct(t, { variants: [{ size: 'L', totalStock: 1, sku: 'TAKEN-L' }] });
    const file = productsCsv([
      good('NEW-A', { 'variant sku': 'NEW-A-S', size: 'S' }),
      good('NEW-A', { 'variant sku': 'TAKEN-L', size: 'L' }),
    ]);
    const res = await importCsv(t, admin, file);
    expect(res.json().errors).toEqual([
      { line: 3, column: 'variant sku', message: 'SKU TAKEN-L belongs to another product' },
    ]);
    expect(await bySku('NEW-A')).toBeUndefined();
  });

  it('says a negative price, sale price or stock must be 0 or more, not "must be a number"', async () => {
    const res = await importCsv(
      t,
      admin,
      productsCsv([
        good('NEG-1', { price: '-5' }),
        good('NEG-2', { 'sale price': '-1.50' }),
        good('NEG-3', { stock: '-2' }),
        good('NEG-4', { 'variant sku': 'NEG-4-S', size: 'S', stock: '-1' }),
        good('NEG-5', { price: '0' }),
      ]),
    );
    expect(res.statusCode).toBe(400);
    // A price of 0 is refused too, so a negative one is told the rule that holds for it.
    expect(res.json().errors).toEqual([
      { line: 2, column: 'price', message: 'must be greater than 0' },
      { line: 3, column: 'sale price', message: 'must be 0 or more' },
      { line: 4, column: 'stock', message: 'must be 0 or more' },
      { line: 5, column: 'stock', message: 'must be 0 or more' },
      { line: 6, column: 'price', message: 'must be greater than 0' },
    ]);
    expect(await bySku('NEG-2')).toBeUndefined();
  });

  it('says how to give a missing image: in the image column or in the product editor', async () => {
    const res = await importCsv(t, admin, productsCsv([good('NOIMG-1', { image: '' })]));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        line: 2,
        column: 'image',
        message:
          "is required: add an image URL (or an uploaded image's file name) in the image column, or upload one in the product editor",
      },
    ]);
    const noColumn = await importCsv(
      t,
      admin,
      Buffer.from(`product sku,title,category,brand,price,stock\nNOIMG-2,Cap,men,nike,10,1\n`),
    );
    expect(noColumn.json().errors).toEqual([
      {
        line: 1,
        column: 'image',
        message:
          'column is missing: add an image URL column (image) or upload one in the product editor',
      },
    ]);
    expect(await bySku('NOIMG-1')).toBeUndefined();
  });

  it('names a missing column and an unknown one on line 1', async () => {
    const res = await importCsv(t, admin, Buffer.from('product sku,title,colour,weight\nA,B,,3\n'));
    expect(res.statusCode).toBe(400);
    const columns = res.json().errors.map((e: { column: string }) => e.column);
    expect(columns).toEqual(['weight', 'category', 'brand', 'price', 'image', 'stock']);
  });
});

describe('a dry run', () => {
  it('reports what it would do and changes nothing', async () => {
    const products = await productCount();
    const res = await importCsv(t, admin, productsCsv([good('DRY-1'), good('DRY-2')]), {
      dryRun: true,
    });
    expect(res.json()).toEqual({ success: true, dryRun: true, created: 2, updated: 0, errors: [] });
    expect(await productCount()).toBe(products);
  });
});

describe('a real import', () => {
  it('creates products with variants, then updates only the one named by SKU', async () => {
    const res = await importCsv(
      t,
      admin,
      productsCsv([
        good('UP-1', { 'variant sku': 'UP-1-S', size: 'S', stock: 3 }),
        good('UP-1', { 'variant sku': 'UP-1-M', size: 'M', stock: 5 }),
        good('UP-2', { image: image }),
      ]),
    );
    expect(res.json()).toMatchObject({ success: true, created: 2, updated: 0 });
    const one = (await bySku('UP-1'))!;
    const two = await get((await bySku('UP-2'))!.id);
    expect(one.totalStock).toBe(8);
    expect((await get(one.id)).variants.map((v) => [v.sku, v.size, v.totalStock])).toEqual([
      ['UP-1-S', 'S', 3],
      ['UP-1-M', 'M', 5],
    ]);

    const edit = await importCsv(
      t,
      admin,
      productsCsv([good('up-1', { price: '35.00', 'variant sku': 'UP-1-M', size: 'M', stock: 1 })]),
    );
    expect(edit.json()).toMatchObject({ success: true, created: 0, updated: 1 });
    const after = await get(one.id);
    expect(after.price).toBe(35);
    expect(after.variants.map((v) => v.sku)).toEqual(['UP-1-M']);
    expect(after.totalStock).toBe(1);
    expect(await get(two._id)).toEqual(two);
    // The price-history trigger recorded the new price by itself.
    const history = await t.db
      .select()
      .from(productPriceHistory)
      .where(eq(productPriceHistory.productId, one.id));
    expect(history.map((h) => h.priceCents)).toContain(3500);
  });

  it('drops the storefront caches: a new product is listed at once', async () => {
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/shop/products/get?category=kids&brand=puma' });
    expect((await list()).json().data).toHaveLength(0);
    await importCsv(
      t,
      admin,
      productsCsv([
        good('SHOWN-1', { title: 'Storefrontable hat', category: 'kids', brand: 'puma' }),
      ]),
    );
    expect((await list()).json().data.map((p: { title: string }) => p.title)).toEqual([
      'Storefrontable hat',
    ]);
  });
});

describe('the upload', () => {
  it('is refused signed out (401) and for a shopper (403)', async () => {
    const shopper = await makeUser(t);
    const file = productsCsv([good('AUTH-1')]);
    expect((await importCsv(t, undefined, file)).statusCode).toBe(401);
    expect((await importCsv(t, shopper, file)).statusCode).toBe(403);
    expect(await bySku('AUTH-1')).toBeUndefined();
  });

  it('refuses a file over 20 MB with 413 and a non-CSV file with 415', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 'a');
    const tooBig = await importCsv(t, admin, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file must be at most 20 MB');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const notCsv = await importCsv(t, admin, png, { filename: 'x.png', contentType: 'image/png' });
    expect(notCsv.statusCode).toBe(415);
    expect(notCsv.json().message).toBe('The file must be a CSV file (UTF-8 text)');
  });
});
