import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Product, ProductInput } from '@contract/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, orderItems } from '../../server/src/db/schema';
import { uploadImage } from '../factories/images';
import { makeOrder } from '../factories/orders';
import { callAs, type Method, productInput } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let image: string;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-products-')) });
  admin = await makeUser(t, { role: 'admin' });
  shopper = await makeUser(t);
  image = await uploadImage(t, admin);
});
afterAll(async () => t.close());

const valid = (overrides: Partial<ProductInput> = {}) => productInput(image, overrides);
const call = (method: Method, url: string, who?: TestUser, payload?: unknown) =>
  callAs(t, method, url, who, payload);

const add = (body: unknown, who: TestUser | undefined = admin) =>
  call('POST', '/api/admin/products/add', who, body);

describe('who may manage products', () => {
  const endpoints: Array<[Method, string, unknown?]> = [
    ['GET', '/api/admin/products/get'],
    ['POST', '/api/admin/products/add', {}],
    ['PUT', '/api/admin/products/edit/00000000-0000-4000-8000-000000000000', {}],
    ['DELETE', '/api/admin/products/delete/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/products/upload-image', {}],
  ];
  it.each(endpoints)('%s %s is 401 signed out', async (method, url, body) => {
    const res = await call(method, url, undefined, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_SIGNED_IN' });
  });
  it.each(endpoints)('%s %s is 403 for a shopper', async (method, url, body) => {
    const res = await call(method, url, shopper, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

describe('add', () => {
  it('adds a product and returns it with an _id and decimal money', async () => {
    const res = await add(valid({ salePrice: 69.5 }));
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ ...valid({ salePrice: 69.5 }), averageReview: 0 });
    expect(data._id).toMatch(/^[0-9a-f-]{36}$/);
    const detail = await t.app.services.catalog.getProduct(data._id);
    expect(detail.price).toBe(89.99);
  });

  it('accepts the original client’s string numbers, an empty sale price and averageReview', async () => {
    const res = await add({
      ...valid(),
      price: '25',
      salePrice: '',
      totalStock: '3',
      averageReview: 5,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      price: 25,
      salePrice: 0,
      totalStock: 3,
      averageReview: 0,
    });
  });

  const refused: Array<[string, Partial<Record<keyof ProductInput, unknown>>, string]> = [
    ['an empty title', { title: '   ' }, 'title'],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title'],
    ['a description over 5000 characters', { description: 'y'.repeat(5001) }, 'description'],
    ['an unknown category', { category: 'pets' }, 'category'],
    ['the form’s initial category none', { category: 'none' }, 'category'],
    ['an unknown brand', { brand: 'gucci' }, 'brand'],
    ['a price of 0', { price: 0 }, 'price'],
    ['a negative price', { price: -5 }, 'price'],
    ['a price with 3 decimals', { price: 10.999 }, 'price'],
    ['a negative sale price', { salePrice: -1 }, 'salePrice'],
    ['a sale price equal to the price', { salePrice: 89.99 }, 'salePrice'],
    ['a sale price above the price', { salePrice: 120 }, 'salePrice'],
    ['a fractional stock', { totalStock: 2.5 }, 'totalStock'],
    ['a negative stock', { totalStock: -1 }, 'totalStock'],
    ['a missing image', { image: '' }, 'image'],
    ['an image from another site', { image: 'https://evil.example.com/x.webp' }, 'image'],
    ['an image name the shop never issued', { image: `/uploads/${'a'.repeat(32)}.webp` }, 'image'],
    ['a path-traversal image', { image: '/uploads/../../etc/passwd' }, 'image'],
  ];
  it.each(refused)('refuses %s, naming the field', async (_name, overrides, field) => {
    const res = await add({ ...valid(), ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    expect(res.json().message).toContain(field);
  });

  it('refuses unknown fields such as a client-chosen _id', async () => {
    const res = await add({ ...valid(), _id: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(400);
  });

  it('accepts a title of exactly 200 and a description of exactly 5000 characters', async () => {
    const res = await add(valid({ title: 't'.repeat(200), description: 'd'.repeat(5000) }));
    expect(res.statusCode).toBe(201);
  });
});

const created = async (overrides: Partial<ProductInput> = {}): Promise<Product> => {
  const res = await add(valid(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
const edit = (id: string, body: unknown, who: TestUser | undefined = admin) =>
  call('PUT', `/api/admin/products/edit/${id}`, who, body);
const remove = (id: string, who: TestUser | undefined = admin) =>
  call('DELETE', `/api/admin/products/delete/${id}`, who);
/** The product as clients read it (image URLs absolute). */
const detail = async (id: string): Promise<Product> =>
  (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` })).json().data;

describe('get', () => {
  it('lists every product for the admin, newest first', async () => {
    const first = await created({ title: 'Older Tee' });
    const second = await created({ title: 'Newer Tee' });
    const res = await call('GET', '/api/admin/products/get', admin);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((p: Product) => p._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(res.json().data[0]).toEqual(
      expect.objectContaining({ _id: expect.any(String), price: expect.any(Number) }),
    );
  });
});

describe('get, a page at a time', () => {
  it('answers one page with totals when asked for ?page=&limit=', async () => {
    const all = (await call('GET', '/api/admin/products/get', admin)).json().data as Product[];
    const res = await call('GET', '/api/admin/products/get?page=2&limit=2', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({
      page: 2,
      limit: 2,
      total: all.length,
      pages: Math.ceil(all.length / 2),
    });
    expect(body.data.map((p: Product) => p._id)).toEqual(all.slice(2, 4).map((p) => p._id));
  });

  it.each(['page=0', 'limit=101', 'page=abc'])('refuses %s', async (query) => {
    const res = await call('GET', `/api/admin/products/get?${query}`, admin);
    expect(res.statusCode).toBe(400);
  });
});

describe('edit', () => {
  it('changes the product, and the detail shows the change', async () => {
    const p = await created();
    const res = await edit(
      p._id,
      valid({ title: 'Renamed Jacket', price: 99, salePrice: 79.99, totalStock: 0 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(await detail(p._id)).toMatchObject({
      title: 'Renamed Jacket',
      price: 99,
      salePrice: 79.99,
      totalStock: 0,
    });
  });

  it('keeps an existing image that is not a fresh upload (the uploader is disabled when editing)', async () => {
    const legacy = await makeProduct(t, { image: '/uploads/seeded-before.webp' });
    const res = await edit(legacy._id, valid({ image: legacy.image, title: 'Still here' }));
    expect(res.statusCode).toBe(200);
    expect(await detail(legacy._id)).toMatchObject({ image: legacy.image, title: 'Still here' });
  });

  it('refuses to switch to an image the shop did not issue', async () => {
    const p = await created();
    const res = await edit(p._id, valid({ image: 'https://evil.example.com/a.webp' }));
    expect(res.statusCode).toBe(400);
    expect((await detail(p._id)).image).toBe(image);
  });

  it('validates like add (a sale price at the price is refused)', async () => {
    const p = await created();
    const res = await edit(p._id, valid({ price: 50, salePrice: 50 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('salePrice');
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an injection attempt', "1' or '1'='1"],
  ])('gives 404 for %s', async (_name, id) => {
    const res = await edit(encodeURIComponent(id), valid());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('leaves one of the submitted states after 20 concurrent edits, never a mix', async () => {
    const p = await created();
    const states = Array.from({ length: 20 }, (_, i) =>
      valid({
        title: `Edit ${i}`,
        description: `Description ${i}`,
        price: 100 + i,
        salePrice: i % 2 === 0 ? 50 + i : 0,
        totalStock: i,
        category: i % 2 === 0 ? 'women' : 'kids',
        brand: i % 3 === 0 ? 'zara' : 'puma',
      }),
    );
    const results = await Promise.all(states.map((s) => edit(p._id, s)));
    expect(results.map((r) => r.statusCode)).toEqual(states.map(() => 200));
    const final = await detail(p._id);
    const i = Number(final.title.replace('Edit ', ''));
    expect(final).toMatchObject({
      title: `Edit ${i}`,
      description: `Description ${i}`,
      price: 100 + i,
      salePrice: i % 2 === 0 ? 50 + i : 0,
      totalStock: i,
      category: i % 2 === 0 ? 'women' : 'kids',
      brand: i % 3 === 0 ? 'zara' : 'puma',
    });
  });
});

describe('delete', () => {
  it('removes the product: its detail then gives 404', async () => {
    const p = await created();
    const res = await remove(p._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const gone = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${p._id}` });
    expect(gone.statusCode).toBe(404);
    const again = await remove(p._id);
    expect(again.statusCode).toBe(404);
  });

  it('gives 404 for a malformed id', async () => {
    const res = await remove('12345');
    expect(res.statusCode).toBe(404);
  });

  it('keeps past orders intact and drops the product from carts', async () => {
    const p = await created({ title: 'Soon Gone Sneaker', price: 120 });
    const buyer = await makeUser(t);
    const order = await makeOrder(t, {
      userId: buyer.id,
      items: [{ productId: p._id, title: p.title, image: p.image, price: 120 }],
    });
    const [cart] = await t.db.insert(carts).values({ userId: buyer.id }).returning();
    await t.db.insert(cartItems).values({ cartId: cart!.id, productId: p._id, quantity: 2 });

    expect((await remove(p._id)).statusCode).toBe(200);

    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({
        productId: p._id,
        title: 'Soon Gone Sneaker',
        unitPriceCents: 12000,
      }),
    ]);
    const left = await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id));
    expect(left).toEqual([]);
  });
});
