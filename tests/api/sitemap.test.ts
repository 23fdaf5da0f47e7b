import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { URLS_PER_SITEMAP } from '../../server/src/modules/seo/sitemap';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The sitemap of a public storefront lists every product, in files of at most 50,000 URLs
// (sitemaps.org), so a catalogue past that size gets more than one.
let t: TestApp;
const total = URLS_PER_SITEMAP + 1;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_STOREFRONT: 'true', PUBLIC_URL: 'https://shop.example.com' });
  await t.db.execute(sql`
    insert into products (title, category, brand, price_cents, total_stock, image)
    select 'Bulk item ' || g, 'men', 'nike', 1000, 1, '/uploads/bulk.webp'
    from generate_series(1, ${total}) as g`);
}, 120_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

/** The protocol's rules a search engine checks before it reads a sitemap file. */
function expectValidSitemap(xml: string, root: 'urlset' | 'sitemapindex') {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(xml).toContain(`<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`);
  expect(xml.trimEnd().endsWith(`</${root}>`)).toBe(true);
  expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(50 * 1024 * 1024);
  const entry = root === 'urlset' ? 'url' : 'sitemap';
  const entries = xml.match(new RegExp(`<${entry}>.*?</${entry}>`, 'g')) ?? [];
  expect(entries.length).toBeLessThanOrEqual(URLS_PER_SITEMAP);
  for (const item of entries) {
    expect(item).toMatch(
      new RegExp(
        `^<${entry}><loc>https://shop\\.example\\.com/[^<]{1,2000}</loc>(<lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>)?</${entry}>$`,
      ),
    );
  }
  // Nothing unescaped: every & starts an entity.
  expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  return entries.length;
}

describe('sitemap.xml', () => {
  it('indexes every product in files of at most 50,000 absolute URLs', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expectValidSitemap(index.body, 'sitemapindex');
    expect(locs(index.body)).toEqual([
      'https://shop.example.com/sitemaps/pages.xml',
      'https://shop.example.com/sitemaps/products-1.xml',
      'https://shop.example.com/sitemaps/products-2.xml',
    ]);

    const listed = new Set<string>();
    for (const n of [1, 2]) {
      const file = await get(`/sitemaps/products-${n}.xml`);
      expect(file.statusCode).toBe(200);
      const count = expectValidSitemap(file.body, 'urlset');
      expect(count).toBe(n === 1 ? URLS_PER_SITEMAP : 1);
      for (const loc of locs(file.body)) listed.add(loc);
    }
    const rows = await t.db.select({ id: products.id }).from(products);
    const ids = rows.map((r) => `https://shop.example.com/shop/product/${r.id}`);
    expect(listed.size).toBe(total);
    expect(ids.every((url) => listed.has(url))).toBe(true);

    const pages = await get('/sitemaps/pages.xml');
    expectValidSitemap(pages.body, 'urlset');
    expect(locs(pages.body)).toContain('https://shop.example.com/shop/listing?category=men');
  });

  it('answers files past the last with 404 and malformed names with 400', async () => {
    expect((await get('/sitemaps/products-3.xml')).statusCode).toBe(404);
    for (const name of ['products-0.xml', 'products-1.txt', 'products-x.xml', '..%2Fetc']) {
      expect((await get(`/sitemaps/${name}`)).statusCode, name).toBe(400);
    }
  });
});
