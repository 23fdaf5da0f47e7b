import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInput } from '../../contract/catalog';
import { uploadImage } from '../factories/images';
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

const valid = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  image,
  title: 'Classic Denim Jacket',
  description: 'Washed blue denim with brass buttons.',
  category: 'men',
  brand: 'levi',
  price: 89.99,
  salePrice: 0,
  totalStock: 12,
  ...overrides,
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: TestUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: who ? { cookie: who.cookie } : {},
  });

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
