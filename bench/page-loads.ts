// Page loads for `npm run bench` (issue 29): the server-rendered pages a browser or a crawler
// opens, with the headers a browser sends, and the sale-day crowd that mixes them with cart adds.
import { cartAddOf, type Request, randomListingQuery, type Stocked } from './workloads';

/** What a browser (and a search engine's crawler) says it takes: brotli among others. */
export const browserEncoding = { 'accept-encoding': 'gzip, deflate, br, zstd' } as const;

export type Shopper = { id: string; cookie: string };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A page load: a visitor's (no cookie) or, given a cookie, a signed-in shopper's. */
export function pageLoad(path: string, cookie?: string): Request {
  return {
    method: 'GET',
    path,
    headers: cookie ? { ...browserEncoding, cookie } : { ...browserEncoding },
  };
}

/** A random product's page, of every product's (`paths`, from the sitemap). */
export const randomProductPage = (paths: readonly string[], cookie?: string) =>
  pageLoad(pick(paths), cookie);

/** The listing page with random filters, sort and page: the API's random listing as a page. */
export const randomListingPage = (cookie?: string) =>
  pageLoad(`/shop/listing?${randomListingQuery()}`, cookie);

/**
 * The sale-day crowd: 90% page loads (half by visitors, half by signed-in shoppers; of them
 * 50% a random product, 35% a random listing, each followed by its products' API read, 15%
 * the home page) and 10% cart adds by the signed-in shoppers, with the Origin the shop's CSRF
 * check asks for.
 */
export function crowdRequest(
  origin: string,
  paths: readonly string[],
  shoppers: readonly Shopper[],
  lines: Stocked[],
): Request {
  const followUp = browserReads.shift();
  if (followUp) return followUp;
  const shopper = pick(shoppers);
  if (Math.random() < 0.1) return cartAddOf(origin, shopper, lines);
  const cookie = Math.random() < 0.5 ? shopper.cookie : undefined;
  const kind = Math.random();
  if (kind < 0.5) return randomProductPage(paths, cookie);
  if (kind < 0.85) {
    // A selection's page is the listing's frame, whose products the browser then reads: the
    // read goes in as the next request (the few listings rendered whole are counted too).
    const query = randomListingQuery();
    browserReads.push({
      method: 'GET',
      path: `/api/shop/products/get?${query}`,
      headers: cookie ? { ...browserEncoding, cookie } : { ...browserEncoding },
    });
    return pageLoad(`/shop/listing?${query}`, cookie);
  }
  return pageLoad('/shop/home', cookie);
}

/** The API reads the crowd's browsers make after a page arrives, sent as the next requests. */
const browserReads: Request[] = [];

/**
 * Every product page's path, as a crawler finds them: the sitemap index, then its product
 * files (PUBLIC_STOREFRONT=true publishes them; a shop behind its sign-in has none).
 */
export async function sitemapProductPaths(base: string): Promise<string[]> {
  const locs = async (url: string) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url} answered ${res.status} (PUBLIC_STOREFRONT=true?)`);
    return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  };
  const paths: string[] = [];
  for (const file of await locs(`${base}/sitemap.xml`)) {
    if (!file.includes('/sitemaps/products-')) continue;
    for (const loc of await locs(file)) paths.push(new URL(loc).pathname);
  }
  return paths;
}

/**
 * Fails early, with the reason, when the server does not render pages for visitors: the page
 * rows need the web build (`npm run build`) and PUBLIC_STOREFRONT=true. Returns how each page
 * came as a browser asks for it (its content-encoding), for the log.
 */
export async function expectPages(base: string, productPath: string) {
  const seen: string[] = [];
  for (const path of [productPath, '/shop/listing?sortBy=title-atoz', '/shop/home']) {
    const res = await fetch(`${base}${path}`, { redirect: 'manual', headers: browserEncoding });
    const type = res.headers.get('content-type') ?? '';
    await res.arrayBuffer();
    if (res.status !== 200 || !type.startsWith('text/html')) {
      throw new Error(
        `${path} answered ${res.status} ${type}: the page rows need the web build (npm run build) and PUBLIC_STOREFRONT=true`,
      );
    }
    seen.push(`${path.split('?')[0]} ${res.headers.get('content-encoding') ?? 'identity'}`);
  }
  return seen.join(', ');
}
