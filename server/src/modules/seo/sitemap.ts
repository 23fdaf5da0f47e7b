import { categories } from '@contract/catalog-constants';
import type { CatalogService } from '../catalog';

/** The sitemap protocol's limit per file (sitemaps.org): the product list is paged past it. */
export const URLS_PER_SITEMAP = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

const day = (date: Date) => date.toISOString().slice(0, 10);

type Entry = { loc: string; lastmod?: Date };

function urlset(entries: Entry[]) {
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Sitemaps of the public storefront: an index, the shop's pages, and its products in files. */
export function createSitemaps(catalog: CatalogService, publicUrl: string) {
  const perFile = URLS_PER_SITEMAP;
  const productFiles = async () => {
    const { count, changed } = await catalog.productsStamp();
    return { files: Math.max(1, Math.ceil(count / perFile)), changed };
  };

  return {
    async index() {
      const { files, changed } = await productFiles();
      const entries: Entry[] = [{ loc: `${publicUrl}/sitemaps/pages.xml` }];
      for (let n = 1; n <= files; n++) {
        entries.push({
          loc: `${publicUrl}/sitemaps/products-${n}.xml`,
          ...(changed ? { lastmod: changed } : {}),
        });
      }
      const items = entries.map(
        (e) =>
          `<sitemap><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}</sitemap>`,
      );
      return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('\n')}\n</sitemapindex>\n`;
    },

    pages() {
      return urlset([
        { loc: `${publicUrl}/shop/home` },
        { loc: `${publicUrl}/shop/listing` },
        ...categories.map((c) => ({ loc: `${publicUrl}/shop/listing?category=${c}` })),
      ]);
    },

    /** File `n` (from 1) of the product pages, or null past the last one. */
    async products(n: number) {
      const { files } = await productFiles();
      if (n > files) return null;
      const rows = await catalog.productStamps({ limit: perFile, offset: (n - 1) * perFile });
      return urlset(
        rows.map((r) => ({ loc: `${publicUrl}/shop/product/${r.id}`, lastmod: r.updatedAt })),
      );
    },
  };
}
