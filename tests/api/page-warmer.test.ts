import type { PageRenderer } from '@contract/page-render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entry from '../../web/src/entry-server';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { makeWebRoot } from '../helpers/web-root';

// Issue 29: the browsing pages are rendered ahead while the server is idle, so that the first
// visitor of a product page (a crawler walking the sitemap) gets it from memory.
const renders: string[] = [];
const counting: PageRenderer = {
  ...entry,
  render: (input) => {
    renders.push(input.url);
    return entry.render(input);
  },
};
const rendersOf = (url: string) => renders.filter((u) => u === url).length;
/** Until no render has started for half a second. */
async function quiet() {
  for (let seen = -1; seen !== renders.length; ) {
    seen = renders.length;
    await new Promise((r) => setTimeout(r, 500));
  }
}

let t: TestApp;
let base: string;
let ids: string[];
let products: Awaited<ReturnType<typeof makeProduct>>[];
beforeAll(async () => {
  t = await createTestApp(
    { PUBLIC_STOREFRONT: 'true', PRERENDER_PAGES: 'true' },
    { webRoot: makeWebRoot(), renderer: counting },
  );
  products = [];
  for (const title of ['Ahead Coat', 'Ahead Scarf', 'Ahead Boots']) {
    products.push(await makeProduct(t, { title, price: 40 }));
  }
  ids = products.map((p) => p._id);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const page = (url: string) =>
  fetch(`${base}${url}`, { headers: { 'accept-encoding': 'br' } }).then(async (res) => ({
    status: res.status,
    html: await res.text(),
  }));

describe('pages rendered ahead', () => {
  it('renders home, the listing and every product page once the server has started', async () => {
    const urls = ['/shop/home', '/shop/listing', ...ids.map((id) => `/shop/product/${id}`)];
    await expect
      .poll(() => urls.every((url) => rendersOf(url) > 0), { timeout: 15_000 })
      .toBe(true);
    // Then each is answered from memory, over the socket, with no render of its own.
    await quiet();
    const before = renders.length;
    for (const url of urls) {
      const answer = await page(url);
      expect(answer.status, url).toBe(200);
      if (url !== '/shop/home') expect(answer.html, url).toContain('Ahead');
    }
    expect(renders.length).toBe(before);
  });

  it("renders a product's page again after an admin's change, with what changed", async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const url = `/shop/product/${ids[0]}`;
    const { _id, ...fields } = products[0] as (typeof products)[number];
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: { ...fields, title: 'Ahead Coat, Relined' },
    });
    expect(edit.statusCode).toBe(200);
    await expect.poll(() => rendersOf(url), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    // The change is heard twice (this instance's write, then the database's NOTIFY), and each
    // drops the page: the warmer renders it after each, then has nothing left to do.
    await quiet();
    const before = renders.length;
    expect((await page(url)).html).toContain('Ahead Coat, Relined');
    expect(renders.length).toBe(before);
  });

  it("keeps only the pages: the API's caches hold what shoppers read, not what was rendered ahead", async () => {
    const { productJson, storefrontCache } = t.app.services;
    await quiet();
    productJson.changed();
    // Heard as a change of these products: their pages, home and the listing are rendered again.
    storefrontCache.productsChanged(ids);
    await expect
      .poll(() => ids.every((id) => rendersOf(`/shop/product/${id}`) >= 3), { timeout: 10_000 })
      .toBe(true);
    await quiet();
    expect(productJson.size).toBe(0);
    expect(storefrontCache.size).toBe(0);
    // A shopper's read is kept as before.
    const read = await fetch(`${base}/api/shop/products/get/${ids[1]}`);
    expect(read.status).toBe(200);
    expect(productJson.size).toBe(1);
  });
});
