import type { Row } from './report';
import {
  type Catalogue,
  cartAdd,
  quote,
  type Request,
  randomListing,
  randomProduct,
  randomProductPage,
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
  /** Run after the memory measurement, with its own peak RSS (not the API's budget). */
  afterMemory?: boolean;
};

/** The bench's workloads against one started server, in the order they run. */
export function scenariosFor({
  base,
  hot,
  cookie,
  shoppers,
  catalogue,
  isPg,
}: {
  base: string;
  /** Three hot listing paths; the first is the hot-listing row's. */
  hot: readonly [string, string, string];
  /** A signed-in shopper's cookie. */
  cookie: string;
  shoppers: { id: string; cookie: string }[];
  catalogue: Catalogue;
  isPg: boolean;
}): Scenario[] {
  const share = (r: Row, min: number): Budget => [
    `≥ ${min * 100}% of ceiling`,
    (r.ceilingShare ?? 0) >= min,
  ];
  const p99 = (r: Row, max: number): Budget => [`p99 ≤ ${max} ms`, r.p99 <= max];
  const none = (): Budget => ['-', true];
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
    {
      // No budget in issue 11: what a shopper's first load of a product costs the server
      // (server rendering, its reads, the HTML compressed as the browser asks).
      name: 'product page HTML, random product, signed in, brotli',
      url: base,
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
      next: () => randomProductPage(catalogue.ids),
      budget: none,
      afterMemory: true,
    },
    {
      name: 'feature images',
      url: `${base}/api/common/feature/get`,
      budget: none,
    },
  ];
}
