import { productDetailSchema } from '@contract/catalog';
import { dataResponse } from '@contract/common';
import { listingResponse, searchResponse } from '@contract/listing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../server/src/db/schema';
import { withAbsoluteImageUrls } from '../../server/src/lib/image-urls';
import { makeProduct, variantOf } from '../factories/products';
import { makeUser } from '../factories/users';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';
import { eventually, settle } from '../helpers/wait';

// Listings and product pages are composed from each product's cached answer JSON
// (storefront/product-json-cache.ts). These prove the composed answers are the bytes the schema
// path would send, and that a product's entry goes as soon as its price, stock or variants
// change, whichever instance changed them.
let t: TestApp;
let other: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  other = await startSecondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const detail = async (id: string) => (await get(`/api/shop/products/get/${id}`)).json().data;
const listed = async (url: string, id: string) =>
  (await get(url)).json().data.find((p: { _id: string }) => p._id === id);

/** The bytes `schema` would send for this answer: validated, image URLs absolute. */
const viaSchema = (
  schema: typeof listingResponse | typeof searchResponse | typeof productResponse,
  body: string,
) => JSON.stringify(withAbsoluteImageUrls(schema.parse(JSON.parse(body)), t.app.config.publicUrl));
// The product page's answer adds the product's size chart (issue 28).
const productResponse = dataResponse(productDetailSchema);

describe('answers composed from cached products', () => {
  it('sends listings and product pages byte for byte as the schema would', async () => {
    const product = await makeProduct(t, {
      title: 'Composed Parka',
      brand: 'levi',
      image: '/uploads/composed.webp',
      variants: [
        { size: 'M', color: 'Black', totalStock: 3 },
        { size: 'L', color: 'Navy', totalStock: 0 },
      ],
    });
    await makeProduct(t, { brand: 'levi', salePrice: 5 });
    await settle();
    const page = await get(`/api/shop/products/get/${product._id}`);
    expect(page.body).toBe(viaSchema(productResponse, page.body));
    expect(page.json().data.image).toBe(`${t.app.config.publicUrl}/uploads/composed.webp`);
    for (const url of [
      '/api/shop/products/get?brand=levi&sortBy=title-atoz',
      '/api/shop/products/get?brand=levi&size=M&color=Black&minPrice=1',
      '/api/shop/products/get?category=kids,women&brand=levi&page=3',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(viaSchema(listingResponse, res.body));
    }
    const search = await get('/api/shop/search/parka');
    expect(search.json().data.map((p: { _id: string }) => p._id)).toContain(product._id);
    expect(search.body).toBe(viaSchema(searchResponse, search.body));
  });

  it('answers 404 for an unknown or malformed product id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1'; drop"]) {
      const res = await get(`/api/shop/products/get/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('reads an id in upper case as the same product, whichever case is read first', async () => {
    for (const first of ['upper', 'lower'] as const) {
      const { _id } = await makeProduct(t, { title: `Case ${first} Coat` });
      await settle();
      const order = first === 'upper' ? [_id.toUpperCase(), _id] : [_id, _id.toUpperCase()];
      const answers = [];
      for (const id of order) answers.push(await get(`/api/shop/products/get/${id}`));
      for (const res of answers) expect(res.statusCode).toBe(200);
      expect(answers[0]?.body).toBe(answers[1]?.body);
      expect(answers[0]?.json().data._id).toBe(_id);
    }
  });

  it("drops a product's entry when another instance changes its price and variant stock", async () => {
    const admin = await makeUser({ ...t, app: other }, { role: 'admin' });
    const product = await makeProduct(t, {
      title: 'Cached Hoodie',
      brand: 'puma',
      price: 40,
      variants: [{ size: 'S', color: 'Red', totalStock: 4 }],
    });
    const untouched = await makeProduct(t, { title: 'Bystander', brand: 'puma' });
    await settle();
    const url = '/api/shop/products/get?brand=puma&sortBy=title-atoz&limit=100';
    expect(await detail(product._id)).toMatchObject({ price: 40, totalStock: 4 });
    expect(await listed(url, product._id)).toMatchObject({ price: 40 });
    await detail(untouched._id);
    const { _id, ...fields } = product;
    const edit = await other.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: {
        ...fields,
        price: 35,
        variants: [
          { _id: variantOf(product, 'S', 'Red')._id, size: 'S', color: 'Red', totalStock: 9 },
        ],
      },
    });
    expect(edit.statusCode).toBe(200);
    const seen = async () => {
      const page = await detail(_id);
      // Another listing URL, never cached before: composed from the product's entry.
      const card = await listed('/api/shop/products/get?brand=puma&sortBy=title-ztoa', _id);
      return page.price === 35 && page.totalStock === 9 && card?.totalStock === 9;
    };
    expect(await eventually(seen)).toBe(true);
    expect(await listed(url, _id)).toMatchObject({ price: 35, totalStock: 9 });
  });

  it('drops only the changed product when a variant row changes in the database', async () => {
    const product = await makeProduct(t, {
      brand: 'zara',
      variants: [{ size: 'XL', color: 'Sand', totalStock: 2 }],
    });
    const bystander = await makeProduct(t, { brand: 'zara', title: 'Stays Cached' });
    await settle();
    await detail(product._id);
    await detail(bystander._id);
    // A rename with no trigger reaches no cache: it shows whether an entry was dropped.
    await t.db.transaction(async (tx) => {
      await tx.execute('alter table products disable trigger products_updated_notify');
      await tx.update(products).set({ title: 'Renamed' }).where(eq(products.id, bystander._id));
      await tx.execute('alter table products enable trigger products_updated_notify');
    });
    await t.db
      .update(productVariants)
      .set({ totalStock: 7 })
      .where(eq(productVariants.productId, product._id));
    const variantStock = async () => (await detail(product._id)).variants[0].totalStock;
    expect(await eventually(async () => (await variantStock()) === 7)).toBe(true);
    expect((await detail(bystander._id)).title).toBe('Stays Cached');
  });
});
