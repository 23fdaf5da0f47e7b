import type { Product } from '@contract/catalog';
import { listingResponse } from '@contract/listing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAbsoluteImageUrls } from '../../server/src/lib/image-urls';
import { makeProduct, variantOf } from '../factories/products';
import { makeUser } from '../factories/users';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';
import { eventually, settle } from '../helpers/wait';

// A filter's facets are counted once and shared by its sorts and pages (ListingService).
// These prove the shared facets are the ones the schema would send, and that they go as soon
// as a variant's stock changes, whichever instance changed it.
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
const facetsOf = async (url: string) => (await get(url)).json().facets;

/** Sets one variant's stock through an admin edit on `app`. */
async function setStock(
  app: TestApp['app'],
  product: Product,
  changed: { size: string; color: string; totalStock: number },
) {
  const admin = await makeUser({ ...t, app }, { role: 'admin' });
  const { _id, ...fields } = product;
  const res = await app.inject({
    method: 'PUT',
    url: `/api/admin/products/edit/${_id}`,
    headers: { cookie: admin.cookie },
    payload: {
      ...fields,
      variants: product.variants.map((v) => ({
        _id: v._id,
        size: v.size,
        color: v.color,
        totalStock:
          v._id === variantOf(product, changed.size, changed.color)._id
            ? changed.totalStock
            : v.totalStock,
      })),
    },
  });
  expect(res.statusCode).toBe(200);
}

describe('facets shared by the sorts and pages of a filter', () => {
  it('sends every sort and page of a filter the same facets, as the schema would', async () => {
    for (let i = 0; i < 30; i += 1) {
      await makeProduct(t, {
        brand: i % 2 ? 'zara' : 'levi',
        price: 10 + i,
        variants: [{ size: 'F1', color: i % 3 ? 'Fern' : 'Flax', totalStock: 1 + (i % 4) }],
      });
    }
    await settle();
    const first = await get('/api/shop/products/get?color=Fern,Flax&brand=levi,zara');
    expect(first.body).toBe(
      JSON.stringify(
        withAbsoluteImageUrls(
          listingResponse.parse(JSON.parse(first.body)),
          t.app.config.publicUrl,
        ),
      ),
    );
    expect(first.json().facets.color).toEqual({ Fern: 20, Flax: 10 });
    for (const query of [
      'color=Flax,Fern&brand=zara,levi&sortBy=title-ztoa&page=2&limit=10',
      'color=Fern&color=Flax&brand=levi&brand=zara&sortBy=price-hightolow&page=3&limit=10',
    ]) {
      const res = await get(`/api/shop/products/get?${query}`);
      expect(res.body).toContain(`"facets":${JSON.stringify(first.json().facets)}}`);
    }
    // Another filter has facets of its own.
    expect((await facetsOf('/api/shop/products/get?color=Fern&brand=levi')).color).toEqual({
      Fern: 10,
      Flax: 5,
    });
  });

  it("counts a size no more once another instance sells out that variant's stock", async () => {
    const product = await makeProduct(t, {
      brand: 'puma',
      variants: [
        { size: 'G1', color: 'Moss', totalStock: 2 },
        { size: 'G2', color: 'Moss', totalStock: 3 },
      ],
    });
    await settle();
    expect((await facetsOf('/api/shop/products/get?color=Moss')).size).toEqual({ G1: 1, G2: 1 });
    await setStock(other, product, { size: 'G1', color: 'Moss', totalStock: 0 });
    // A sort never read before: only the facets of the filter could have been kept.
    const url = '/api/shop/products/get?color=Moss&sortBy=title-atoz&page=1';
    expect(await eventually(async () => (await facetsOf(url)).size.G1 === undefined)).toBe(true);
    expect((await facetsOf(url)).size).toEqual({ G2: 1 });
  });

  it("counts a size again in this instance's very next read after its own restock", async () => {
    const product = await makeProduct(t, {
      brand: 'nike',
      variants: [
        { size: 'H1', color: 'Rust', totalStock: 0 },
        { size: 'H2', color: 'Rust', totalStock: 1 },
      ],
    });
    await settle();
    expect((await facetsOf('/api/shop/products/get?color=Rust')).size).toEqual({ H2: 1 });
    await setStock(t.app, product, { size: 'H1', color: 'Rust', totalStock: 4 });
    const facets = await facetsOf('/api/shop/products/get?color=Rust&sortBy=price-hightolow');
    expect(facets.size).toEqual({ H1: 1, H2: 1 });
  });
});
