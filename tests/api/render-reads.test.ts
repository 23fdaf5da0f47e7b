import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '../../web/src/entry-server';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { makeWebRoot } from '../helpers/web-root';

// How a server-rendered page reads the API: every read it needs asked for in one wave, before
// the render, not discovered one after another. What the pages hold: storefront-render.test.ts.
let shop: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = makeWebRoot();
  shop = await createTestApp({}, { webRoot, renderer });
});
afterAll(async () => {
  await shop.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** Open, so a visitor's page renders too (the reads are the API's public ones). */
const settings = () => ({
  name: 'Wave Shop',
  contactEmail: 'shop@example.com',
  publicStorefront: true,
  guestCheckout: false,
  publicUrl: shop.app.config.publicUrl,
  country: 'US',
  pricesIncludeTax: false,
  timeZone: 'America/New_York',
});

const page = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('the reads of a rendered page', () => {
  /** Renders `url` as `user`, grouping its API reads by wave: the reads one render discovered. */
  async function readWaves(url: string, user: TestUser | null) {
    const waves: string[][] = [];
    let inFlight = 0;
    const result = await renderer.render({
      url,
      user: user && {
        id: user.id,
        userName: user.userName,
        email: user.email,
        role: user.role,
        permissions: [],
      },
      settings: settings(),
      api: async (path) => {
        if (inFlight === 0) waves.push([]);
        waves.at(-1)?.push(path.split('?')[0] ?? path);
        inFlight += 1;
        try {
          const res = await page(shop, path, user?.cookie);
          return { status: res.statusCode, body: res.body };
        } finally {
          inFlight -= 1;
        }
      },
    });
    return { waves, result };
  }

  it("reads a product page's product, reviews and the shopper's lists in one wave", async () => {
    const product = await makeProduct(shop, { title: 'One Wave Boots' });
    const shopper = await makeUser(shop);
    const { waves, result } = await readWaves(`/shop/product/${product._id}`, shopper);
    expect(result?.kind === 'page' && result.body).toContain('One Wave Boots');
    expect(result?.kind === 'page' && result.renders).toBe(1);
    expect(waves).toHaveLength(1);
    expect(waves[0]?.sort()).toEqual(
      [
        `/api/shop/cart/get/${shopper.id}`,
        `/api/shop/products/get/${product._id}`,
        `/api/shop/review/${product._id}`,
        '/api/shop/stock-alerts',
        '/api/shop/wishlist',
      ].sort(),
    );
  });

  it('renders home, listing and search once, their reads asked for before the render', async () => {
    await makeProduct(shop, { title: 'Once Rendered Jacket', category: 'women', brand: 'zara' });
    const shopper = await makeUser(shop);
    for (const [url, reads] of [
      ['/shop/home', ['/api/common/feature/get', '/api/shop/products/get']],
      [
        '/shop/listing?category=women&brand=zara&sortBy=title-atoz&page=1',
        ['/api/shop/products/get'],
      ],
      ['/shop/search?keyword=jacket', ['/api/shop/search/jacket']],
    ] as const) {
      for (const who of [shopper, null]) {
        const { waves, result } = await readWaves(url, who);
        expect(result?.kind === 'page' && result.renders, url).toBe(1);
        expect(result?.kind === 'page' && result.body, url).toContain('Once Rendered Jacket');
        const lists = who ? [`/api/shop/cart/get/${who.id}`, '/api/shop/wishlist'] : [];
        expect(waves, url).toHaveLength(1);
        expect(waves[0]?.sort(), url).toEqual([...lists, ...reads].sort());
      }
    }
  });

  it('reads each interleaved render through its own API (no render reads through another)', async () => {
    const products = await Promise.all(
      ['Interleaved Coat', 'Interleaved Scarf', 'Interleaved Boots', 'Interleaved Belt'].map(
        (title) => makeProduct(shop, { title }),
      ),
    );
    const results = await Promise.all(
      products.map(async (product) => {
        const seen: string[] = [];
        const result = await renderer.render({
          url: `/shop/product/${product._id}`,
          user: null,
          settings: settings(),
          shared: true,
          api: async (path) => {
            seen.push(path.split('?')[0] ?? path);
            // Answers come back in another order than asked: the renders interleave.
            await new Promise((r) => setTimeout(r, Math.random() * 30));
            const res = await page(shop, path);
            return { status: res.statusCode, body: res.body };
          },
        });
        return { product, seen, result };
      }),
    );
    for (const { product, seen, result } of results) {
      expect(seen.sort()).toEqual(
        [`/api/shop/products/get/${product._id}`, `/api/shop/review/${product._id}`].sort(),
      );
      expect(result?.kind === 'page' && result.body).toContain(product.title);
    }
  });
});
