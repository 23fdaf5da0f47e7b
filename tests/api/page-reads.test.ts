import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A page render reads the public API straight from the answers the routes declare
// (page-shell/page-reads.ts): the same bytes the route sends, or nothing, and then it asks the route.
let t: TestApp;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  const product = await makeProduct(t, { title: 'Direct Read Parka', brand: 'zara' });
  productId = product._id;
  await makeProduct(t, { title: 'Direct Read Scarf', category: 'accessories' });
});
afterAll(async () => {
  await t.close();
});

const viaRoute = async (path: string) => {
  const res = await t.app.inject({ method: 'GET', url: path });
  return { status: res.statusCode, body: res.body };
};

describe('reads for a page', () => {
  it('answer each public read with the bytes its route sends', async () => {
    const paths = [
      '/api/shop/products/get?sortBy=title-atoz&page=1',
      '/api/shop/products/get?category=accessories,men&brand=zara&sortBy=price-hightolow',
      '/api/shop/products/get?size=M&color=Black&minPrice=10&maxPrice=200',
      '/api/shop/products/get',
      `/api/shop/products/get/${productId}`,
      `/api/shop/review/${productId}`,
      '/api/common/feature/get',
      '/api/shop/search/parka',
      '/api/shop/search/direct%20read?page=1',
    ];
    for (const path of paths) {
      const direct = await t.app.readForPage(path);
      // Bytes when kept, a string when made for this read alone (a listing read once).
      expect(typeof direct === 'string' || direct instanceof Buffer, path).toBe(true);
      const route = await viaRoute(path);
      expect(route.status, path).toBe(200);
      expect(direct?.toString(), path).toBe(route.body);
    }
    // Twice: the second is the cached answer the route would send too.
    const again = await t.app.readForPage('/api/shop/products/get?sortBy=title-atoz&page=1');
    expect(again?.toString()).toContain('Direct Read Parka');
  });

  it('leave to the route what is not a plain public read: refusals, misses, other routes', async () => {
    const toRoute = [
      // Not the storefront's plain shape: the schema's answer (a 400) comes from the route.
      '/api/shop/products/get?category=shoes',
      '/api/shop/products/get?page=0',
      '/api/shop/products/get?sortBy=a&sortBy=b',
      '/api/shop/products/get/not-an-id',
      '/api/shop/products/get/00000000-0000-4000-8000-000000000000',
      `/api/shop/review/${'x'.repeat(600)}`,
      '/api/shop/search/?page=1',
      // Routes with no read for pages: personal, or writes.
      '/api/shop/cart/get',
      '/api/auth/check-auth',
      '/api/shop/wishlist',
      '/nowhere',
    ];
    for (const path of toRoute) {
      expect(await t.app.readForPage(path), path).toBeUndefined();
    }
    expect((await viaRoute('/api/shop/products/get?category=shoes')).status).toBe(400);
    // An id in upper case is the same product (UUIDs are read in either case).
    const upper = await t.app.readForPage(`/api/shop/products/get/${productId.toUpperCase()}`);
    expect(upper?.toString()).toBe(
      (await t.app.readForPage(`/api/shop/products/get/${productId}`))?.toString(),
    );
    expect(upper?.toString()).toContain('Direct Read Parka');
    expect((await viaRoute('/api/shop/products/get/not-an-id')).status).toBe(404);
  });
});
