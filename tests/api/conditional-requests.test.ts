import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { makeProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/wait';

// Issue 29: the storefront's API reads carry an ETag; a client that sends it back gets a 304
// without a body until what the answer shows changes.
let t: TestApp;
let base: string;
let productId: string;
const listing = '/api/shop/products/get?category=kids&sortBy=price-lowtohigh&limit=24';

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 8; i += 1) {
    const p = await makeProduct(t, {
      title: `Etag Jumper ${i}`,
      category: 'kids',
      description: 'A description long enough that a listing of these is well over one kilobyte.',
    });
    productId ??= p._id;
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

const fetchWith = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers });

describe('conditional storefront reads', () => {
  it('answers 304 with no body to a repeat of a listing, over real HTTP, compressed or not', async () => {
    const first = await fetchWith(listing, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    // Kept by the browser and asked again each time: never stale, rarely sent whole.
    expect(first.headers.get('cache-control')).toBe('no-cache');
    // Said once, whether the answer was made for this request or kept (a second read).
    expect(first.headers.get('vary')).toBe('accept-encoding');
    await first.arrayBuffer();

    const again = await fetchWith(listing, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('vary')).toBe('accept-encoding');
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    // The same answer uncompressed has the same (weak) tag; several tags, one of them right.
    const plain = await fetchWith(listing, { 'if-none-match': `W/"nope", ${etag}` });
    expect(plain.status).toBe(304);
  });

  it('answers 200 to a tag that is not the answer’s', async () => {
    const res = await fetchWith(listing, { 'if-none-match': 'W/"aaaaaaaaaaaaaaaaaaaaaa"' });
    expect(res.status).toBe(200);
    expect((await res.json()).data.length).toBeGreaterThan(0);
  });

  it('gives the product page answer, search and banners a tag too', async () => {
    for (const path of [
      `/api/shop/products/get/${productId}`,
      '/api/shop/search/Etag',
      '/api/common/feature/get',
    ]) {
      const first = await fetchWith(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^W\//);
      const again = await fetchWith(path, { 'if-none-match': etag! });
      expect(again.status, path).toBe(304);
    }
  });

  it('changes the tag when what the answer shows changes (a price, by any writer)', async () => {
    const path = `/api/shop/products/get/${productId}`;
    const before = (await fetchWith(path)).headers.get('etag')!;
    // A write by hand: the change reaches the cache through the catalogue's NOTIFY.
    await t.db.update(products).set({ priceCents: 12_345 }).where(eq(products.id, productId));
    let after: Response | undefined;
    expect(
      await eventually(async () => {
        const res = await fetchWith(path, { 'if-none-match': before });
        if (res.status === 200) after = res;
        return after !== undefined;
      }),
    ).toBe(true);
    expect(after!.headers.get('etag')).not.toBe(before);
    expect((await after!.json()).data.price).toBe(123.45);
  });
});
