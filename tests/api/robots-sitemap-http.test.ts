import type { AddressInfo } from 'node:net';
import type { Product } from '@contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../helpers/test-app';

// robots.txt and the sitemaps as a crawler fetches them: over a socket, from an address that is
// not the shop's public one (as behind a proxy), so every URL in them must come from PUBLIC_URL.
const PUBLIC_URL = 'https://shop.example.com';
type Listening = { t: TestApp; base: string };

async function listening(env: Record<string, string>): Promise<Listening> {
  const t = await createTestApp({ PUBLIC_URL, ...env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

let open: Listening;
let closed: Listening;
let product: Product;
beforeAll(async () => {
  open = await listening({ PUBLIC_STOREFRONT: 'true' });
  closed = await listening({ PUBLIC_STOREFRONT: 'false' });
  product = await makeProduct(open.t);
});
afterAll(async () => {
  await open?.t.close();
  await closed?.t.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

/** What a crawler reads at this path of the shop; a URL of the shop is fetched by its path. */
async function crawl(shop: Listening, url: string) {
  const res = await fetch(new URL(new URL(url, PUBLIC_URL).pathname, shop.base));
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

describe('a public storefront', () => {
  it('robots.txt keeps crawlers out of private pages and names the sitemap by its absolute URL', async () => {
    const robots = await crawl(open, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toBe('text/plain; charset=utf-8');
    const lines = robots.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/admin/', '/shop/checkout', '/shop/account']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /shop/');
    expect(lines).toContain('Allow: /');
    expect(lines.filter((l) => l.startsWith('Sitemap:'))).toEqual([
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ]);
  });

  it('serves the sitemap robots.txt names: an XML index of absolute URLs of its files', async () => {
    const robots = await crawl(open, '/robots.txt');
    const named = /^Sitemap: (.+)$/m.exec(robots.body)?.[1] ?? '';
    const index = await crawl(open, named);
    expect(index.status).toBe(200);
    expect(index.type).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex /);
    expect(locs(index.body)).toEqual([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      `${PUBLIC_URL}/sitemaps/products-1.xml`,
    ]);
  });

  it('lists each product at its absolute URL in products-1.xml', async () => {
    const file = await crawl(open, `${PUBLIC_URL}/sitemaps/products-1.xml`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/xml; charset=utf-8');
    expect(file.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locs(file.body);
    expect(urls).toContain(`${PUBLIC_URL}/shop/product/${product._id}`);
    expect(urls.every((u) => u.startsWith(`${PUBLIC_URL}/shop/product/`))).toBe(true);
  });
});

describe('a shop behind its sign-in page', () => {
  it('robots.txt keeps crawlers out of the whole storefront and names no sitemap', async () => {
    const robots = await crawl(closed, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toBe('text/plain; charset=utf-8');
    const lines = robots.body.split('\n');
    expect(lines).toContain('Disallow: /shop/');
    expect(lines).toContain('Disallow: /admin/');
    expect(robots.body).not.toContain('Sitemap:');
    expect(robots.body).not.toContain('Allow: /\n');
  });

  it('has no sitemaps: the index and its files answer a JSON 404', async () => {
    await makeProduct(closed.t);
    for (const path of ['/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/products-1.xml']) {
      const res = await crawl(closed, path);
      expect(res.status, path).toBe(404);
      expect(res.type, path).toContain('application/json');
      expect(JSON.parse(res.body), path).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'Not found',
      });
    }
  });
});
