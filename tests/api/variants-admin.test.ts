import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Product, ProductInput } from '@contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../factories/images';
import { callAs, type Method, productInput } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let image: string;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-variants-')) });
  admin = await makeUser(t, { role: 'admin' });
  image = await uploadImage(t, admin);
});
afterAll(async () => t.close());

const call = (method: Method, url: string, payload?: unknown) =>
  callAs(t, method, url, admin, payload);
const add = (overrides: Partial<ProductInput>) =>
  call('POST', '/api/admin/products/add', productInput(image, overrides));
const edit = (id: string, overrides: Partial<ProductInput>) =>
  call('PUT', `/api/admin/products/edit/${id}`, productInput(image, overrides));
const shopGet = async (id: string): Promise<Product> =>
  (await call('GET', `/api/shop/products/get/${id}`)).json().data;

const tee = [
  { size: 'L', color: 'Black', totalStock: 4 },
  { size: 'S', color: 'Black', totalStock: 2 },
  { size: 'M', color: 'White', totalStock: 0 },
  { size: 'XS', color: 'Black', totalStock: 1 },
];

describe('product variants', () => {
  // First: the dashboard lists only the ten lowest, and later tests add many low variants.
  it('lists low stock per variant on the dashboard', async () => {
    const product = await makeProduct(t, {
      title: 'Classic Tee',
      variants: [
        { size: 'M', color: 'Black', totalStock: 2 },
        { size: 'L', color: 'Black', totalStock: 40 },
      ],
    });
    const res = await call('GET', '/api/admin/stats/dashboard');
    const low = res.json().data.lowStock as { _id: string; size: string }[];
    const mine = low.filter((l) => l._id === product._id);
    expect(mine).toEqual([
      expect.objectContaining({ title: 'Classic Tee', size: 'M', color: 'Black', totalStock: 2 }),
    ]);
  });
  it('adds a product with variants: stock is their sum, sizes in display order, SKUs generated', async () => {
    const res = await add({ totalStock: 999, variants: tee });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.totalStock).toBe(7);
    expect(data.sizes).toEqual(['XS', 'S', 'M', 'L']);
    expect(data.colors).toEqual(['Black', 'White']);
    expect(data.variants).toHaveLength(4);
    expect(data.variants[0]).toEqual({
      _id: expect.any(String),
      size: 'L',
      color: 'Black',
      sku: `${data._id.slice(0, 8).toUpperCase()}-L-BLACK`,
      totalStock: 4,
    });
    expect(await shopGet(data._id)).toMatchObject({ totalStock: 7, sizes: data.sizes });
  });

  it('orders shoe sizes numerically and kids by age', async () => {
    const shoes = await add({
      variants: ['42', '40.5', '9', '41'].map((size) => ({ size, totalStock: 1 })),
    });
    expect(shoes.json().data.sizes).toEqual(['9', '40.5', '41', '42']);
    const kids = await add({
      variants: ['10-11Y', '2-3Y', '6-7Y'].map((size) => ({ size, totalStock: 1 })),
    });
    expect(kids.json().data.sizes).toEqual(['2-3Y', '6-7Y', '10-11Y']);
  });

  it('leaves a product without variants exactly as the spec has it', async () => {
    const res = await add({ totalStock: 12 });
    expect(res.json().data).toMatchObject({
      totalStock: 12,
      variants: [],
      sizes: [],
      colors: [],
      colorImages: [],
    });
  });

  it('on edit keeps variants named by _id, removes the missing ones and adds new ones', async () => {
    const created = (await add({ variants: tee })).json().data as Product;
    const [large, small] = created.variants;
    const res = await edit(created._id, {
      variants: [
        { _id: large!._id, size: 'L', color: 'Black', totalStock: 9, sku: 'tee-l-blk' },
        { _id: small!._id, size: 'S', color: 'Black', totalStock: 2 },
        { size: 'XL', color: 'Black', totalStock: 3 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.variants.map((v: { _id: string }) => v._id).slice(0, 2)).toEqual([
      large!._id,
      small!._id,
    ]);
    expect(data.variants[0].sku).toBe('TEE-L-BLK');
    expect(data.variants[1].sku).toBe(small!.sku);
    expect(data.sizes).toEqual(['S', 'L', 'XL']);
    expect(data.totalStock).toBe(14);
  });

  it('keeps variants when the body has none (the spec client) and drops them on an empty list', async () => {
    const created = (await add({ variants: tee })).json().data as Product;
    const kept = await edit(created._id, { totalStock: 50 });
    expect(kept.json().data).toMatchObject({ totalStock: 7, variants: created.variants });
    const dropped = await edit(created._id, { totalStock: 50, variants: [] });
    expect(dropped.json().data).toMatchObject({ totalStock: 50, variants: [] });
  });

  it('refuses a repeated size/colour pair and a variant without options', async () => {
    const repeated = await add({
      variants: [
        { size: 'M', color: 'Black', totalStock: 1 },
        { size: 'm', color: 'black', totalStock: 1 },
      ],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toContain('repeats size "m" in colour "black"');
    const empty = await add({ variants: [{ size: '', color: '', totalStock: 1 }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('needs a size or a colour');
  });

  it('refuses a SKU another product uses with 409 naming it, and changes nothing', async () => {
    await add({ variants: [{ size: 'M', totalStock: 1, sku: 'UNIQUE-1' }] });
    const other = (await add({ variants: [{ size: 'S', totalStock: 5 }] })).json().data as Product;
    const res = await edit(other._id, {
      variants: [{ size: 'M', totalStock: 1, sku: 'unique-1' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('UNIQUE-1'),
    });
    expect((await shopGet(other._id)).variants).toEqual(other.variants);
  });

  it('refuses an _id of another product’s variant', async () => {
    const one = (await add({ variants: [{ size: 'S', totalStock: 1 }] })).json().data as Product;
    const two = (await add({ variants: [{ size: 'S', totalStock: 1 }] })).json().data as Product;
    const res = await edit(two._id, {
      variants: [{ _id: one.variants[0]!._id, size: 'S', totalStock: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('variants[0]._id is not a variant of this product');
  });

  it('stores a picture per colour, only an upload of this shop and only for its colours', async () => {
    const other = await uploadImage(t, admin);
    const res = await add({ variants: tee, colorImages: [{ color: 'White', image: other }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.colorImages).toEqual([{ color: 'White', image: other }]);
    const foreign = await add({
      variants: tee,
      colorImages: [{ color: 'White', image: 'https://evil.example/x.png' }],
    });
    expect(foreign.statusCode).toBe(400);
    const unknown = await add({ variants: tee, colorImages: [{ color: 'Red', image: other }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('"Red" is not a colour of this product');
  });
});
