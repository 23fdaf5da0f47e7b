import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { uploadImage } from '../factories/images';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A client on another origin loads images from the URLs the API gives it, and sends them back
// on edit: answers are absolute (PUBLIC_URL), storage keeps `/uploads/<name>`.
const PUBLIC_URL = 'https://shop.example.com';
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-image-urls-')),
  });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

const get = (url: string, who?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const absolute = expect.stringMatching(/^https:\/\/shop\.example\.com\/uploads\/[\w.-]+$/);
const storedImage = async (id: string) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0]?.image;

describe('image URLs in answers are absolute', () => {
  it('upload result, admin list, listing, detail and search', async () => {
    const url = await uploadImage(t, admin);
    expect(url).toEqual(absolute);
    const product = await makeProduct(t, { title: 'Absolutely Blue Tee' });
    expect((await get('/api/admin/products/get', admin)).json().data[0].image).toEqual(absolute);
    expect((await get('/api/shop/products/get')).json().data[0].image).toEqual(absolute);
    expect((await get(`/api/shop/products/get/${product._id}`)).json().data.image).toEqual(
      absolute,
    );
    const found = (await get('/api/shop/search/Absolutely')).json().data;
    expect(found[0].image).toEqual(absolute);
  });

  it('banners', async () => {
    const image = await uploadImage(t, admin);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/common/feature/add',
      headers: { cookie: admin.cookie },
      payload: { image },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().data.image).toBe(image);
    const banners = (await get('/api/common/feature/get')).json().data;
    expect(banners.map((b: { image: string }) => b.image)).toContain(image);
  });

  it('cart lines and order snapshots', async () => {
    const shopper = await makeUser(t);
    const product = await makeProduct(t);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/shop/cart/add',
      headers: { cookie: shopper.cookie },
      payload: { userId: shopper.id, productId: product._id, quantity: 1 },
    });
    expect(add.json().data.items[0].image).toEqual(absolute);
    const order = await makeOrder(t, { userId: shopper.id, items: [{ productId: product._id }] });
    const details = await get(`/api/shop/order/details/${order.id}`, shopper);
    expect(details.json().data.cartItems[0].image).toEqual(absolute);
    const list = await get(`/api/shop/order/list/${shopper.id}`, shopper);
    expect(list.statusCode).toBe(200);
    const adminView = await get(`/api/admin/orders/details/${order.id}`, admin);
    expect(adminView.json().data.cartItems[0].image).toEqual(absolute);
  });
});

describe('absolute URLs sent back are stored in their stored form', () => {
  it('an edit sending the whole listed product back (absolute image, _id) is accepted', async () => {
    const image = await uploadImage(t, admin);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/add',
      headers: { cookie: admin.cookie },
      payload: {
        image,
        title: 'Round Trip Tee',
        description: 'x',
        category: 'men',
        brand: 'nike',
        price: 10,
        salePrice: 0,
        totalStock: 3,
      },
    });
    expect(add.statusCode).toBe(201);
    const listed = add.json().data;
    expect(await storedImage(listed._id)).toBe(new URL(image).pathname);

    // What the original client sends: the product as listed, plus Mongo's read-only fields.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${listed._id}`,
      headers: { cookie: admin.cookie },
      payload: {
        ...listed,
        title: 'Round Trip Tee, edited',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-02T00:00:00.000Z',
        __v: 0,
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ _id: listed._id, title: 'Round Trip Tee, edited' });
    expect(edit.json().data.image).toBe(image);
    expect(await storedImage(listed._id)).toBe(new URL(image).pathname);
  });

  it('an edit body still refuses unknown keys, and a foreign _id changes nothing', async () => {
    const product = await makeProduct(t, { title: 'Stays' });
    const other = await makeProduct(t, { title: 'Other' });
    const { _id, ...fields } = product;
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: { ...fields, isFeatured: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('isFeatured');
    // The path names the product; a body `_id` is ignored, never used to pick another row.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: { ...fields, _id: other._id, title: 'Edited by path' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await get(`/api/shop/products/get/${other._id}`)).json().data.title).toBe('Other');
    expect((await get(`/api/shop/products/get/${_id}`)).json().data.title).toBe('Edited by path');
  });

  it('an image on another host that merely looks like ours is refused', async () => {
    const product = await makeProduct(t);
    const { _id, ...fields } = product;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: { ...fields, image: `https://evil.example${new URL(product.image).pathname}` },
    });
    expect(res.statusCode).toBe(400);
  });
});
