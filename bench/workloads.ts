// Varied traffic for `npm run bench`: random listings, products and searches drawn from the
// seeded catalogue, so a run measures the database and the cache's misses, not one hot URL.
import { brands, categories, sortKeys } from '@contract/catalog-constants';

export type Request = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

/** A product, and its variant when it has variants: what a cart line names. */
export type Stocked = { productId: string; variantId?: string };
/** Every product's id, the words of each product's title and description, lines to add. */
export type Catalogue = { ids: string[]; words: string[][]; stocked: Stocked[] };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const someOf = <T>(items: readonly T[]) => items.filter(() => Math.random() < 0.35);

const WORDS = /[\p{L}\p{N}]+/gu;

/**
 * Every product (ids, the words of its title and description, ids with 20 or more in stock),
 * read through the API as an outside probe reads it: words from the whole catalogue, so a
 * search row meets the catalogue's rare words (a product's number) as often as its common ones.
 */
export async function sampleCatalogue(base: string): Promise<Catalogue> {
  const ids: string[] = [];
  const stocked: Stocked[] = [];
  const sized: string[] = [];
  for (let page = 1; ; page += 1) {
    const res = await fetch(
      `${base}/api/shop/products/get?sortBy=title-atoz&limit=100&page=${page}`,
    );
    // Listings give cards (issue 50): a sized product's variants are on its own answer.
    const { data } = (await res.json()) as {
      data: {
        _id: string;
        title: string;
        totalStock: number;
        sizes: string[];
        colors: string[];
      }[];
    };
    if (data.length === 0) break;
    for (const p of data) {
      ids.push(p._id);
      if (p.sizes.length > 0 || p.colors.length > 0) sized.push(p._id);
      else if (p.totalStock >= 20) stocked.push({ productId: p._id });
    }
  }
  // Each product's own answer has its description (cards do not), read 50 at a time.
  const words: string[][] = [];
  for (let i = 0; i < ids.length; i += 50) {
    const texts = await Promise.all(
      ids.slice(i, i + 50).map(async (id) => {
        const res = await fetch(`${base}/api/shop/products/get/${id}`);
        const { data } = (await res.json()) as { data: { title: string; description: string } };
        return `${data.title} ${data.description}`;
      }),
    );
    for (const text of texts) {
      const own = (text.toLowerCase().match(WORDS) ?? []).filter((w) => w.length >= 2);
      if (own.length > 0) words.push(own);
    }
  }
  // A few hundred sized products' variants, read 20 at a time: enough lines for every cart.
  const wanted = sized.slice(0, 400);
  for (let i = 0; i < wanted.length; i += 20) {
    const products = await Promise.all(
      wanted.slice(i, i + 20).map(async (id) => {
        const res = await fetch(`${base}/api/shop/products/get/${id}`);
        return (await res.json()).data as {
          _id: string;
          variants: { _id: string; totalStock: number }[];
        };
      }),
    );
    for (const p of products) {
      const variant = p.variants.find((v) => v.totalStock >= 20);
      if (variant) stocked.push({ productId: p._id, variantId: variant._id });
    }
  }
  // Carts of 50 lines: each line is added to ~5 times in a 95/5 run, well under 20.
  if (stocked.length < 50) throw new Error(`only ${stocked.length} products with stock to add`);
  return { ids, words: [...words], stocked };
}

const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '38', '40', '42', '44', '4-5Y', '8-9Y'];
const colours = ['Black', 'White', 'Navy', 'Olive', 'Sand', 'Red', 'Grey', 'Blue'];

/** Size, colour and price filters (variants), each present now and then. */
export function variantFilters() {
  const params: string[] = [];
  if (Math.random() < 0.5) params.push(`size=${pick(sizes)}`);
  if (Math.random() < 0.4) params.push(`color=${pick(colours)},${pick(colours)}`);
  if (Math.random() < 0.3) params.push(`minPrice=${10 + Math.floor(Math.random() * 60)}`);
  if (Math.random() < 0.3) params.push(`maxPrice=${80 + Math.floor(Math.random() * 120)}`);
  return params;
}

/** A random listing's query string: sort, page 1-5, some categories and brands, `extra`. */
export function randomListingQuery(extra: () => string[] = () => []) {
  const params = [`sortBy=${pick(sortKeys)}`, `page=${1 + Math.floor(Math.random() * 5)}`];
  const category = someOf(categories);
  const brand = someOf(brands);
  if (category.length) params.push(`category=${category.join(',')}`);
  if (brand.length) params.push(`brand=${brand.map(encodeURIComponent).join(',')}`);
  params.push(...extra());
  return params.join('&');
}

export function randomListing(extra: () => string[] = () => []): Request {
  return { method: 'GET', path: `/api/shop/products/get?${randomListingQuery(extra)}` };
}

/** One letter dropped, doubled or swapped: what a hurried shopper types. */
export function withTypo(word: string) {
  const i = 1 + Math.floor(Math.random() * (word.length - 2));
  switch (Math.floor(Math.random() * 3)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  }
}

/** A word of a random product's title or description (of four letters or more for a typo). */
export function randomSearch(words: string[][], typo: boolean): Request {
  let word = pick(pick(words));
  while (typo && word.length < 4) word = pick(pick(words));
  return {
    method: 'GET',
    path: `/api/shop/search/${encodeURIComponent(typo ? withTypo(word) : word)}`,
  };
}

export const randomProduct = (ids: string[]): Request => ({
  method: 'GET',
  path: `/api/shop/products/get/${pick(ids)}`,
});

/** A shopper adding one of a product to the cart: a write that changes no catalogue answer. */
export function cartAdd(
  origin: string,
  shoppers: { id: string; cookie: string }[],
  stocked: Stocked[],
): Request {
  return cartAddOf(origin, pick(shoppers), stocked.slice(0, 50));
}

/** `shopper` adding one of a product of `lines` (each line's stock at least 20). */
export function cartAddOf(
  origin: string,
  shopper: { id: string; cookie: string },
  lines: Stocked[],
): Request {
  return {
    method: 'POST',
    path: '/api/shop/cart/add',
    headers: { cookie: shopper.cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      userId: shopper.id,
      ...pick(lines),
      quantity: 1,
    }),
  };
}

/**
 * Puts `lines` lines in every shopper's cart, so the quote prices a real cart whichever rows
 * run before it (`--only quote` skips the 95/5 row that fills carts otherwise).
 */
export async function fillCarts(
  origin: string,
  shoppers: { id: string; cookie: string }[],
  stocked: Stocked[],
  lines = 3,
) {
  for (const [i, shopper] of shoppers.entries()) {
    for (let n = 0; n < lines; n += 1) {
      const item = stocked[(i * lines + n) % stocked.length]!;
      const res = await fetch(`${origin}/api/shop/cart/add`, {
        method: 'POST',
        headers: { cookie: shopper.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: shopper.id, ...item, quantity: 1 }),
      });
      if (!res.ok) throw new Error(`cart add answered ${res.status}`);
    }
  }
}

/** A shopper's checkout quote: their cart priced to an address in a random US state. */
export function quote(origin: string, shoppers: { id: string; cookie: string }[]): Request {
  const shopper = pick(shoppers);
  return {
    method: 'POST',
    path: '/api/shop/checkout/quote',
    headers: { cookie: shopper.cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      address: { country: 'US', region: pick(['CA', 'NY', 'TX', 'WA']) },
      ...(Math.random() < 0.3 ? { discountCode: 'WELCOME10' } : {}),
    }),
  };
}
