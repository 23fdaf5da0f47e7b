import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, putOnSale } from '../factories/products';
import { makeUser } from '../factories/users';
import { renderedShops } from '../helpers/rendered-shops';
import type { TestApp } from '../helpers/test-app';

// Storefront pages rendered on the server (DESIGN §11): what a browser without JavaScript, or
// a search engine, receives.
let shops: Awaited<ReturnType<typeof renderedShops>>;
let shop: TestApp; // the default: visitors are sent to sign in
let open: TestApp; // PUBLIC_STOREFRONT=true
beforeAll(async () => {
  shops = await renderedShops();
  ({ shop, open } = shops);
});
afterAll(() => shops.close());

const page = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const root = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>(?:<script type="application\/json" id="app-modules">|<\/body>)/.exec(
    html,
  )?.[1] ?? '';
const jsonLd = (html: string) => {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
  return json ? JSON.parse(json) : undefined;
};
const pageState = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
  );

describe('a product page', () => {
  it('holds its title, price, stock badge and image before any JavaScript runs', async () => {
    const product = await putOnSale(
      shop,
      await makeProduct(shop, { title: 'Rendered Parka', price: 120, totalStock: 4 }),
      99.5,
    );
    const shopper = await makeUser(shop);
    const res = await page(shop, `/shop/product/${product._id}`, shopper.cookie);
    expect(res.statusCode).toBe(200);
    const body = root(res.body);
    expect(body).toMatch(/<h1[^>]*>Rendered Parka<\/h1>/);
    expect(body).toContain('$120.00');
    expect(body).toContain('$99.50');
    expect(body).toContain('Only 4 items left');
    expect(body).toContain(`src="${product.image}"`);
    expect(res.body).toContain('<title>Rendered Parka · The E-Commerce Store</title>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    // Its picture is asked for first; the app's code only once the page is on screen.
    const preload = res.body.indexOf(`<link rel="preload" as="image" href="${product.image}"`);
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(res.body.indexOf('<title>'));
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    // The data it was drawn with goes along, so the browser's first render matches.
    const state = pageState(res.body);
    const detail = state.queries.find((q: { queryKey: unknown[] }) => q.queryKey[1] === 'detail');
    expect(detail.state.data.title).toBe('Rendered Parka');
    // Behind the sign-in page, search engines get no structured data.
    expect(jsonLd(res.body)).toBeUndefined();
  });

  it('tells search engines its offer and availability when the shop is open to visitors', async () => {
    const inStock = await makeProduct(open, { title: 'Open Tee', price: 30, salePrice: 24 });
    const soldOut = await makeProduct(open, { title: 'Gone Tee', price: 30, totalStock: 0 });
    const res = await page(open, `/shop/product/${inStock._id}`);
    expect(res.statusCode).toBe(200);
    const url = `${open.app.config.publicUrl}/shop/product/${inStock._id}`;
    expect(jsonLd(res.body)).toMatchObject({
      '@type': 'Product',
      name: 'Open Tee',
      image: [inStock.image],
      offers: {
        '@type': 'Offer',
        price: '24.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    expect(res.body).toContain(`<link rel="canonical" href="${url}">`);
    expect(res.body).toContain('<meta property="og:type" content="product">');
    expect(res.body).toContain(`<meta property="og:image" content="${inStock.image}">`);

    // The same product at an address that spells its id otherwise names the sitemap's address.
    const upper = await page(open, `/shop/product/${inStock._id.toUpperCase()}/`);
    expect(upper.statusCode).toBe(200);
    expect(upper.body).toContain(`<link rel="canonical" href="${url}">`);
    expect(jsonLd(upper.body).offers.url).toBe(url);

    const gone = await page(open, `/shop/product/${soldOut._id}`);
    expect(root(gone.body)).toContain('Out Of Stock');
    expect(jsonLd(gone.body).offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('keeps a hostile title inside its script elements', async () => {
    const product = await makeProduct(open, { title: 'Tee </script><script>alert(1)</script>' });
    const res = await page(open, `/shop/product/${product._id}`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(jsonLd(res.body).name).toBe('Tee </script><script>alert(1)</script>');
    expect(res.body).toContain('<title>Tee &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; ·');
  });

  it("keeps a title's $ signs as they are: no $& or $' read as a replacement pattern", async () => {
    const title = "Deal $$ $& $' $` Tee";
    const product = await makeProduct(open, { title, description: "Save $' and $& today." });
    const res = await page(open, `/shop/product/${product._id}`);
    expect(res.statusCode).toBe(200);
    expect(jsonLd(res.body).name).toBe(title);
    const state = pageState(res.body);
    expect(JSON.stringify(state)).toContain(JSON.stringify(title));
    expect(root(res.body)).toContain('Deal $$ $&amp; $&#x27; $` Tee');
    // One document: nothing of it inserted twice.
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('answers an unknown product with a 404 page that says so', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-product']) {
      const res = await page(open, `/shop/product/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(root(res.body)).toContain('This product is no longer available.');
      expect(res.body).not.toContain('rel="canonical"');
    }
  });
});

describe('the app on a rendered page', () => {
  it('starts after the first paint, from inline scripts the CSP allows by their hashes', async () => {
    const shopper = await makeUser(shop);
    const res = await page(shop, '/shop/home', shopper.cookie);
    const modules = JSON.parse(
      /<script type="application\/json" id="app-modules">(.*?)<\/script>/.exec(res.body)?.[1] ??
        '[]',
    );
    // The entry (this web root has no manifest, so no chunks follow it: see web-shell.test.ts).
    expect(modules).toEqual(['/assets/index.js']);
    // The holder of early taps (in the head) and the loader (after the page), nothing else.
    const inline = [...res.body.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(2);
    expect(inline[0]).toContain('__earlyTaps');
    expect(inline[1]).toContain('app-modules');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    const hashes = inline.map(
      (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
    );
    expect(scriptSrc).toEqual(["'self'", ...hashes.slice().reverse()]);
    expect(csp).not.toContain("unsafe-inline';script-src");
  });
});

describe('listing, home and search pages', () => {
  it('hold their first products as the API lists them', async () => {
    for (let i = 0; i < 3; i++) await makeProduct(shop, { category: 'kids', brand: 'puma' });
    const shopper = await makeUser(shop);
    const url = '/api/shop/products/get?category=kids&sortBy=price-lowtohigh';
    const listed = (await shop.app.inject({ method: 'GET', url })).json();
    // A listing the shop links to (a shopper's own selection is its frame: listing-frames.test).
    const res = await page(shop, '/shop/listing?category=kids', shopper.cookie);
    expect(res.statusCode).toBe(200);
    const body = root(res.body);
    const positions = listed.data.map((p: { title: string }) => body.indexOf(p.title));
    expect(positions.every((at: number) => at > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(body).toContain(`${listed.pagination.total} Products`);
    // One category chosen: the page is that category's, in its heading and title.
    expect(body).toMatch(/<h1[^>]*>Kids<\/h1>/);
    expect(res.body).toContain('<title>Kids · The E-Commerce Store</title>');
    const all = await page(shop, '/shop/listing', shopper.cookie);
    expect(root(all.body)).toMatch(/<h1[^>]*>All Products<\/h1>/);
    expect(all.body).toContain('<title>All Products · The E-Commerce Store</title>');
    // Parts whose code the browser loads after the page (lazy-component.ts) are in the HTML
    // all the same: the sort menu's trigger and the header's menu. The shopper's own (cart,
    // account) are not: the page is everyone's, and the browser adds them (issue 29).
    expect(body).toMatch(
      /<button[^>]*aria-haspopup="menu"[^>]*>.*?Sort by: <span[^>]*>Price: Low to High/,
    );
    expect(body).toContain('Toggle header menu');
    for (const personal of ['Cart,', 'Account menu', shopper.userName]) {
      expect(body).not.toContain(personal);
    }
  });

  it('renders home and search with their products', async () => {
    const product = await makeProduct(open, { title: 'Searchable Corduroy Jacket', price: 1 });
    const home = await page(open, '/shop/home');
    expect(home.statusCode).toBe(200);
    expect(root(home.body)).toContain('Searchable Corduroy Jacket');
    const search = await page(open, '/shop/search?keyword=corduroy');
    expect(root(search.body)).toContain(product.title);
    const login = await page(open, '/auth/login');
    expect(root(login.body)).toContain('Sign in to your account');
  });

  it('renders the information pages for anyone, the storefront public or not', async () => {
    const res = await page(shop, '/pages/returns');
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toMatch(/<h1[^>]*>Returns/);
    expect((await page(shop, '/pages/nope')).statusCode).toBe(404);
  });
});

describe('the page itself', () => {
  it('is compressed like every other answer', async () => {
    const res = await open.app.inject({
      method: 'GET',
      url: '/shop/listing',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
  });
});

describe('visitors', () => {
  it('are sent to sign in, and back, unless the storefront is public', async () => {
    const product = await makeProduct(shop);
    const res = await page(shop, `/shop/product/${product._id}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `/auth/login?redirect=${encodeURIComponent(`/shop/product/${product._id}`)}`,
    );
    expect((await page(shop, '/shop/home')).headers.location).toBe('/auth/login');
    expect((await page(open, '/')).headers.location).toBe('/shop/home');
    expect((await page(open, '/shop/listing')).statusCode).toBe(200);
    // Cart, checkout and account still ask for an account.
    expect((await page(open, '/shop/checkout')).headers.location).toBe(
      '/auth/login?redirect=%2Fshop%2Fcheckout',
    );
  });

  it('are told by robots.txt to stay out of a private shop, and given the sitemap of a public one', async () => {
    const closed = await page(shop, '/robots.txt');
    expect(closed.body).toContain('Disallow: /shop/\n');
    expect(closed.body).not.toContain('Disallow: /auth/');
    expect((await page(shop, '/sitemap.xml')).statusCode).toBe(404);
    const opened = await page(open, '/robots.txt');
    expect(opened.headers['content-type']).toContain('text/plain');
    expect(opened.body).toContain('Disallow: /shop/checkout');
    expect(opened.body).toContain(`Sitemap: ${open.app.config.publicUrl}/sitemap.xml`);
  });
});
