import { rmSync } from 'node:fs';
import type { PageRenderer } from '@contract/page-render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../web/src/entry-server';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { makeWebRoot } from '../helpers/web-root';

// Issue 29: a listing the shop links to (everything, a category, a brand, in the default order)
// is rendered with its products; a shopper's own selection (several categories, sizes, another
// sort...) is rendered whole only a few times a second (SELECTION_RENDERS_PER_SECOND), else it
// is the listing's frame, kept once for every selection showing the same, the browser reading
// its products. Random filters cost a lookup, not a render.
let open: TestApp; // PUBLIC_STOREFRONT=true; every selection gets its frame
let quiet: TestApp; // two selections a second rendered whole, while the server is not busy
let load = 0; // how busy the quiet app's server is
const webRoot = makeWebRoot();
let renders: string[] = [];
beforeAll(async () => {
  const counting: PageRenderer = {
    ...renderer,
    render: (input) => {
      renders.push(input.url);
      return renderer.render(input);
    },
  };
  open = await createTestApp(
    { PUBLIC_STOREFRONT: 'true', SELECTION_RENDERS_PER_SECOND: '0' },
    { webRoot, renderer: counting },
  );
  quiet = await createTestApp(
    { PUBLIC_STOREFRONT: 'true', SELECTION_RENDERS_PER_SECOND: '2' },
    { webRoot, renderer, loopLoad: () => load },
  );
});
afterAll(async () => {
  await Promise.all([open.close(), quiet.close()]);
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  open.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(html)![1]!);

describe('a shopper’s selection of the listing', () => {
  it('is the frame: its sort and filter count, the products’ places held, the listing canonical', async () => {
    const coat = await makeProduct(open, { title: 'Framed Wool Coat', category: 'men' });
    const url = `/shop/listing?category=men,women&brand=${coat.brand}&sortBy=title-atoz`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/Sort by: <span[^>]*>Title: A to Z/);
    expect(res.body).toContain('aria-label="Loading products"');
    // The filter button's count: two categories and a brand.
    expect(res.body).toMatch(/Show<span class="rounded-full[^>]*>3<\/span>/);
    expect(res.body).not.toContain('Framed Wool Coat');
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/[^/"]+\/shop\/listing">/);
    expect(res.body).not.toContain('noindex');
    // Nothing read for it: the browser reads the products, as after a tap on a filter.
    expect(stateOf(res.body).queries).toEqual([]);
    // What the browser then reads has the product.
    const api = await get(`/api/shop/products/get?${url.split('?')[1]}`);
    expect(api.json().data.map((p: { title: string }) => p.title)).toContain('Framed Wool Coat');
  });

  it('is rendered once for every selection with the same sort and count, whoever asks', async () => {
    const shopper = await makeUser(open);
    renders = [];
    const selections = [
      '/shop/listing?category=men,kids&sortBy=price-hightolow',
      '/shop/listing?brand=nike&size=M&sortBy=price-hightolow',
      '/shop/listing?color=Black&minPrice=10&sortBy=price-hightolow&page=4',
      `/shop/listing?category=women&brand=zara&sortBy=price-hightolow&${'utm=x&'.repeat(80)}`,
    ];
    const answers = [];
    for (const [i, url] of selections.entries()) {
      answers.push(await get(url, i % 2 === 0 ? shopper.cookie : undefined));
    }
    expect(renders).toHaveLength(1);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0]!.body);
      expect(res.headers.etag).toBe(answers[0]!.headers.etag);
      expect(res.body).not.toContain(shopper.userName);
    }
    // Another count or sort is another frame, showing its own.
    const three = await get('/shop/listing?category=men,kids,women&sortBy=price-hightolow');
    expect(three.body).toMatch(/Show<span class="rounded-full[^>]*>3<\/span>/);
    const sorted = await get('/shop/listing?category=men,kids&sortBy=title-ztoa');
    expect(sorted.body).toMatch(/Sort by: <span[^>]*>Title: Z to A/);
    expect(renders).toHaveLength(3);
  });
});

describe('a listing the shop links to', () => {
  it('is rendered with its products and its canonical address, whatever else it is sent', async () => {
    await makeProduct(open, { title: 'Linked Denim Jacket', category: 'women', brand: 'levi' });
    renders = [];
    const addresses = [
      '/shop/listing?category=women&brand=levi',
      '/shop/listing?brand=levi&category=women&page=1&sortBy=price-lowtohigh',
      '/shop/listing?category=women&brand=levi&utm_source=mail&fbclid=abc',
    ];
    const answers = [];
    for (const url of addresses) answers.push(await get(url));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Linked Denim Jacket');
      expect(res.body).toMatch(
        /<link rel="canonical" href="http:\/\/[^/"]+\/shop\/listing\?category=women&amp;brand=levi">/,
      );
      expect(res.body).not.toContain('noindex');
      expect(res.body).toBe(answers[0]!.body);
    }
    // Kept under its state: the second address is the first's page (an address with a query
    // is kept on its second read, so the first is rendered twice).
    expect(renders.length).toBeLessThanOrEqual(2);
    for (const url of ['/shop/listing', '/shop/listing?category=men', '/shop/listing?page=2']) {
      expect(renderer.pageKeys(url), url).toEqual({ page: url });
    }
  });
});

describe('a page rendered again from the same data', () => {
  it('is the same bytes and tag: a browser’s repeat is still a 304', async () => {
    const admin = await makeUser(open, { role: 'admin' });
    await makeProduct(open, { title: 'Untouched Kids Mac', category: 'kids', brand: 'puma' });
    const other = await makeProduct(open, { title: 'Elsewhere Blazer', category: 'men' });
    const url = '/shop/listing?category=kids';
    await get(url);
    const kept = await get(url);
    expect(kept.body).toContain('Untouched Kids Mac');
    // A change the kids' listing does not show still drops it, as it drops every listing.
    const { _id, ...fields } = other;
    const edit = await open.app.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: { ...fields, salePrice: 1 },
    });
    expect(edit.statusCode).toBe(200);
    renders = [];
    const again = await open.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(kept.headers.etag) },
    });
    expect(renders).toEqual([url]);
    expect(again.statusCode).toBe(304);
  });
});

describe('a selection while few are asked for', () => {
  it('is rendered whole, the listing canonical; past the allowance a second, the frame', async () => {
    await makeProduct(quiet, { title: 'Whole Selection Parka', category: 'women', brand: 'zara' });
    const first = await quiet.app.inject({
      method: 'GET',
      url: '/shop/listing?category=women,kids&brand=zara&sortBy=title-atoz',
    });
    expect(first.body).toContain('Whole Selection Parka');
    expect(first.body).toMatch(/<link rel="canonical" href="http:\/\/[^/"]+\/shop\/listing">/);
    // Twelve other selections at once: two a second are rendered whole, the rest get frames.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        quiet.app.inject({
          method: 'GET',
          url: `/shop/listing?category=women,kids&brand=zara&sortBy=title-atoz&page=${i + 2}`,
        }),
      ),
    );
    const frames = answers.filter((res) => res.body.includes('Loading products'));
    expect(frames.length).toBeGreaterThanOrEqual(6);
    expect(frames.length).toBeLessThan(12);
    for (const res of answers) expect(res.statusCode).toBe(200);
  });
});

describe('a selection on a busy server', () => {
  it('is the frame, however few were rendered whole this second', async () => {
    await makeProduct(quiet, { title: 'Busy Day Anorak', category: 'men', brand: 'nike' });
    const url = (page: number) =>
      `/shop/listing?category=men,kids&brand=nike&sortBy=price-lowtohigh&page=${page}`;
    const at = async (busy: number, page: number) => {
      load = busy;
      // A new second: the allowance is whole again.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
      return (await quiet.app.inject({ method: 'GET', url: url(page) })).body;
    };
    try {
      const busy = await at(0.9, 2);
      expect(busy).toContain('Loading products');
      expect(busy).not.toContain('Busy Day Anorak');
      // The same server idle again: the next selection is whole.
      const idle = await at(0.1, 3);
      expect(idle).not.toContain('Loading products');
    } finally {
      load = 0;
    }
  });
});
