import { crowdRequest, randomListingPage, randomProductPage, type Shopper } from './page-loads';
import type { Row } from './report';
import {
  type Catalogue,
  cartAdd,
  quote,
  type Request,
  randomListing,
  randomProduct,
  randomSearch,
  variantFilters,
} from './workloads';

type Budget = [string, boolean];

export type Scenario = {
  name: string;
  url: string;
  headers?: Record<string, string>;
  next?: () => Request;
  /** Says the row's budget and whether it is met (DESIGN §10, issue 11). */
  budget: (r: Row) => Budget;
  /**
   * A page row (issue 29): run after the memory measurement and the crawler, with their own
   * peak RSS (not the API's budget).
   */
  afterMemory?: boolean;
};

/** The bench's workloads against one started server, in the order they run. */
export function scenariosFor({
  base,
  hot,
  cookie,
  shoppers,
  catalogue,
  productPages,
  crowd,
  isPg,
}: {
  base: string;
  /** Three hot listing paths; the first is the hot-listing row's. */
  hot: readonly [string, string, string];
  /** A signed-in shopper's cookie. */
  cookie: string;
  shoppers: Shopper[];
  catalogue: Catalogue;
  /** Every product page's path (the sitemap's). */
  productPages: string[];
  /** Signed-in shoppers of the mixed page row, with carts of their own. */
  crowd: Shopper[];
  isPg: boolean;
}): Scenario[] {
  const share = (r: Row, min: number): Budget => [
    `≥ ${min * 100}% of ceiling`,
    (r.ceilingShare ?? 0) >= min,
  ];
  const p99 = (r: Row, max: number): Budget => [`p99 ≤ ${max} ms`, r.p99 <= max];
  const both = ([a, okA]: Budget, [b, okB]: Budget): Budget => [`${a}, ${b}`, okA && okB];
  const none = (): Budget => ['-', true];
  // The sitemap's product pages end with the product's id.
  const everyProduct = productPages.map((path) => path.slice(path.lastIndexOf('/') + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
  // The hot listing's req/s, read by the 95/5 row's budget (the hot row runs first).
  let hotRps = 0;
  return [
    {
      name: 'listing, one hot URL',
      url: `${base}${hot[0]}`,
      budget: (r) => {
        hotRps = r.rps;
        return isPg ? share(r, 0.4) : none();
      },
    },
    {
      // What a browser asks: the same answer, compressed (no budget in issue 11; compared
      // with the line above it shows what compression costs a request).
      name: 'listing, one hot URL, brotli as a browser asks',
      url: `${base}${hot[0]}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      budget: none,
    },
    {
      name: 'listing, random filters, sorts, pages 1-5',
      url: base,
      next: () => randomListing(),
      budget: (r) => p99(r, isPg ? 50 : 150),
    },
    {
      name: 'listing, random size, colour and price filters too',
      url: base,
      next: () => randomListing(variantFilters),
      budget: (r) => p99(r, isPg ? 50 : 150),
    },
    {
      name: 'product detail, random product',
      url: base,
      next: () => randomProduct(catalogue.ids),
      budget: (r) => (isPg ? share(r, 0.3) : none()),
    },
    {
      // Every product, as a crawler or a shopper's links reach them: most are not among the
      // answers the server keeps, so this row is the cost of a product read from the database
      // (the row above draws from 2,000 products, which the server keeps).
      name: 'product detail, random of all products',
      url: base,
      next: () => randomProduct(everyProduct),
      budget: () => none(),
    },
    {
      name: 'search, random title words',
      url: base,
      next: () => randomSearch(catalogue.words, false),
      budget: (r) => p99(r, isPg ? 50 : 250),
    },
    {
      name: 'search, the same words with a typo',
      url: base,
      next: () => randomSearch(catalogue.words, true),
      budget: (r) => p99(r, isPg ? 100 : 250),
    },
    {
      name: 'check-auth, signed in',
      url: `${base}/api/auth/check-auth`,
      headers: { cookie },
      budget: (r) => (isPg ? share(r, 0.4) : none()),
    },
    {
      name: '95% three hot listings + 5% cart adds',
      url: base,
      next: () =>
        Math.random() < 0.05
          ? cartAdd(base, shoppers, catalogue.stocked)
          : { method: 'GET', path: hot[Math.floor(Math.random() * hot.length)]! },
      budget: (r) => {
        const min = isPg ? 0.8 : 0.6;
        return [`≥ ${min * 100}% of the hot listing`, r.rps >= min * hotRps];
      },
    },
    {
      // After the 95/5 row, so the shoppers' carts hold lines (issue 25: any endpoint's budget).
      name: 'checkout quote, random state, some with a code',
      url: base,
      next: () => quote(base, shoppers),
      budget: (r) => (isPg ? p99(r, 100) : none()),
    },
    // Issue 29's page rows, on both databases: a page's HTML is the same for everyone, so a
    // page load should cost about what an API read costs. Each is asked as a browser asks
    // (brotli), of all the catalogue's products, so most are not the rows before's.
    {
      name: 'product page HTML, random of all products, visitor, brotli',
      url: base,
      next: () => randomProductPage(productPages),
      budget: (r) => both(share(r, 0.3), p99(r, 50)),
      afterMemory: true,
    },
    {
      // The ninth session's row (then without a budget); now any of the signed-in shoppers.
      name: 'product page HTML, random product, signed in, brotli',
      url: base,
      next: () => randomProductPage(productPages, pick(shoppers).cookie),
      budget: (r) => both(share(r, 0.25), p99(r, 50)),
      afterMemory: true,
    },
    {
      name: 'listing page HTML, random filters, sorts, pages 1-5, visitor, brotli',
      url: base,
      next: () => randomListingPage(),
      budget: (r) => both(share(r, 0.15), p99(r, 100)),
      afterMemory: true,
    },
    {
      // A sale-day crowd (page-loads.ts): product, listing and home pages, visitors and
      // shoppers, and 10% cart adds by shoppers whose carts no other row fills.
      name: 'mixed: 90% page loads + 10% cart adds',
      url: base,
      next: () => crowdRequest(base, productPages, crowd, catalogue.stocked.slice(-25)),
      budget: (r) => p99(r, 100),
      afterMemory: true,
    },
    {
      name: 'feature images',
      url: `${base}/api/common/feature/get`,
      budget: none,
    },
  ];
}
