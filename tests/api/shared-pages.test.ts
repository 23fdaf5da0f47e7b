import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { renderedShops } from '../helpers/rendered-shops';
import { startSecondInstance, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/wait';

// Issue 29: the browsing pages (home, listing, product, search) are the same bytes for everyone,
// rendered once and kept until what they show changes; each browser fills in its own session.
let shops: Awaited<ReturnType<typeof renderedShops>>;
let shop: TestApp; // the default: visitors are sent to sign in
let open: TestApp; // PUBLIC_STOREFRONT=true
beforeAll(async () => {
  shops = await renderedShops();
  ({ shop, open } = shops);
});
afterAll(() => shops.close());

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const priceOf = (html: string, title: string) =>
  html.includes(title) && /"salePrice":(\d+(?:\.\d+)?)/.exec(html)?.[1];

describe('a browsing page', () => {
  it('is the same bytes for two shoppers and a visitor, with no session in it', async () => {
    const product = await makeProduct(open, { title: 'Shared Duffle Coat', price: 1 });
    const [ann, bob] = [await makeUser(open), await makeUser(open)];
    for (const url of [
      `/shop/product/${product._id}`,
      '/shop/home',
      '/shop/listing?category=men&sortBy=price-hightolow',
      '/shop/search?keyword=duffle',
    ]) {
      // Read once first: an address with a query is kept from its second read.
      await get(open, url);
      for (let round = 0; round < 2; round++) {
        const answers = [
          await get(open, url, { cookie: ann.cookie }),
          await get(open, url, { cookie: bob.cookie }),
          await get(open, url),
        ];
        for (const res of answers) {
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['cache-control']).toBe('private, no-cache');
          expect(res.body).not.toContain('id="initial-auth"');
          expect(res.body).not.toContain(ann.userName);
        }
        expect(answers[1]?.body).toBe(answers[0]?.body);
        expect(answers[2]?.body).toBe(answers[0]?.body);
        expect(answers[1]?.headers.etag).toBe(answers[0]?.headers.etag);
      }
    }
    const productPage = await get(open, `/shop/product/${product._id}`);
    expect(productPage.body).toContain('Shared Duffle Coat');
  });

  it('goes only past its guard: a visitor is still sent to sign in, before any HTML', async () => {
    const product = await makeProduct(shop);
    const shopper = await makeUser(shop);
    const url = `/shop/product/${product._id}`;
    const seen = await get(shop, url, { cookie: shopper.cookie });
    expect(seen.statusCode).toBe(200);
    const visitor = await get(shop, url);
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/auth/login?redirect=${encodeURIComponent(url)}`);
    expect(visitor.body).toBe('');
    // An admin is sent to the back office, as before.
    const admin = await makeUser(shop, { role: 'admin' });
    expect((await get(shop, url, { cookie: admin.cookie })).statusCode).toBe(302);
    // Other pages still carry the requester's session (cart, account).
    const account = await get(shop, '/shop/account', { cookie: shopper.cookie });
    expect(account.body).toContain('id="initial-auth"');
    expect(account.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 304 to a repeat with its tag, and its compressed forms are the same page', async () => {
    const product = await makeProduct(open);
    const url = `/shop/product/${product._id}`;
    // The product's own creation is announced by the database (NOTIFY, later on PostgreSQL)
    // and drops a page kept before it arrives: a repeat is asked until one is kept.
    let first = await get(open, url);
    let again = await get(open, url, { 'if-none-match': String(first.headers.etag) });
    for (let tries = 0; again.statusCode !== 304 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      first = await get(open, url);
      again = await get(open, url, { 'if-none-match': String(first.headers.etag) });
    }
    expect(String(first.headers.etag)).toMatch(/^W\/"[\w-]+"$/);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const br = await get(open, url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gz = await get(open, url, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    // A product that is not there is a 404 page, kept as one, never a 304.
    const missing = `/shop/product/${'0'.repeat(24)}`;
    const gone = await get(open, missing);
    expect(gone.statusCode).toBe(404);
    const goneAgain = await get(open, missing, { 'if-none-match': String(gone.headers.etag) });
    expect(goneAgain.statusCode).toBe(404);
  });
});

describe('a kept page', () => {
  it("is dropped by an admin's price change on this instance, before the answer", async () => {
    const admin = await makeUser(open, { role: 'admin' });
    const product = await makeProduct(open, { title: 'Repriced Anorak', price: 80, salePrice: 70 });
    const url = `/shop/product/${product._id}`;
    const listing = '/shop/listing?sortBy=price-lowtohigh';
    expect(priceOf((await get(open, url)).body, 'Repriced Anorak')).toBe('70');
    await get(open, listing);
    const keptListing = (await get(open, listing)).body;
    const { _id, ...fields } = product;
    const edit = await open.app.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: { ...fields, salePrice: 55 },
    });
    expect(edit.statusCode).toBe(200);
    expect(priceOf((await get(open, url)).body, 'Repriced Anorak')).toBe('55');
    expect((await get(open, listing)).body).not.toBe(keptListing);
  });

  it('is dropped under any spelling of its address, when only its product changed', async () => {
    const product = await makeProduct(open, { title: 'Spelled Gilet' });
    // The first character percent-encoded: the router reads the same product.
    const hex = product._id.charCodeAt(0).toString(16);
    const url = `/shop/product/%${hex}${product._id.slice(1)}`;
    expect((await get(open, url)).body).toContain('Spelled Gilet');
    // The trigger's notification names this product alone.
    await open.db
      .update(products)
      .set({ title: 'Respelled Gilet' })
      .where(eq(products.id, product._id));
    expect(
      await eventually(async () => (await get(open, url)).body.includes('Respelled Gilet')),
    ).toBe(true);
  });

  it('is dropped within a second by a change through another instance', async () => {
    const other = await startSecondInstance(open, { PUBLIC_STOREFRONT: 'true' });
    try {
      const admin = await makeUser({ ...open, app: other }, { role: 'admin' });
      const product = await makeProduct(open, {
        title: 'Far Away Parka',
        price: 90,
        salePrice: 80,
      });
      const url = `/shop/product/${product._id}`;
      expect(priceOf((await get(open, url)).body, 'Far Away Parka')).toBe('80');
      const { _id, ...fields } = product;
      const edit = await other.inject({
        method: 'PUT',
        url: `/api/admin/products/edit/${_id}`,
        headers: { cookie: admin.cookie },
        payload: { ...fields, salePrice: 65 },
      });
      expect(edit.statusCode).toBe(200);
      const started = Date.now();
      expect(
        await eventually(
          async () => priceOf((await get(open, url)).body, 'Far Away Parka') === '65',
        ),
      ).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });

  it('is dropped by a change no instance made (a database trigger only)', async () => {
    const product = await makeProduct(open, { title: 'Trigger Cardigan' });
    const url = `/shop/product/${product._id}`;
    expect((await get(open, url)).body).toContain('Trigger Cardigan');
    await open.db
      .update(products)
      .set({ title: 'Renamed Cardigan' })
      .where(eq(products.id, product._id));
    expect(
      await eventually(async () => (await get(open, url)).body.includes('Renamed Cardigan')),
    ).toBe(true);
  });
});

describe('over real HTTP', () => {
  it('a browser-like client gets the kept page compressed, then a 304, and a visitor of the walled shop a bare 302', async () => {
    const product = await makeProduct(open, { title: 'Wire Tested Blazer' });
    const openAt = await open.app.listen({ port: 0, host: '127.0.0.1' });
    const shopAt = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${openAt}/shop/product/${product._id}`;
    const first = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(await first.text()).toContain('Wire Tested Blazer');
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const walled = await fetch(`${shopAt}/shop/product/${product._id}`, { redirect: 'manual' });
    expect(walled.status).toBe(302);
    expect(walled.headers.get('location')).toMatch(/^\/auth\/login\?redirect=/);
    expect(await walled.text()).toBe('');
  });
});
