// Catalogue constants without zod, so the storefront bundle does not carry the schema library.

export const categories = ['men', 'women', 'kids', 'accessories', 'footwear'] as const;
export type Category = (typeof categories)[number];
export const brands = ['nike', 'adidas', 'puma', 'levi', 'zara', 'h&m'] as const;
export type Brand = (typeof brands)[number];

export const categoryLabels: Record<Category, string> = {
  men: 'Men',
  women: 'Women',
  kids: 'Kids',
  accessories: 'Accessories',
  footwear: 'Footwear',
};
export const brandLabels: Record<Brand, string> = {
  nike: 'Nike',
  adidas: 'Adidas',
  puma: 'Puma',
  levi: "Levi's",
  zara: 'Zara',
  'h&m': 'H&M',
};

/**
 * The listing's "On sale" filter (`offer=sale`): the products whose reduction may be
 * announced, a sale price below its prior price (contract/prior-price.ts), not every sale price.
 */
export const offers = ['sale'] as const;
export type Offer = (typeof offers)[number];
export const offerLabels: Record<Offer, string> = { sale: 'On sale' };

export const sortOptions = [
  { id: 'price-lowtohigh', label: 'Price: Low to High' },
  { id: 'price-hightolow', label: 'Price: High to Low' },
  { id: 'title-atoz', label: 'Title: A to Z' },
  { id: 'title-ztoa', label: 'Title: Z to A' },
] as const;
export type SortKey = (typeof sortOptions)[number]['id'];
export const sortKeys = sortOptions.map((o) => o.id) as [SortKey, ...SortKey[]];
export const defaultSort: SortKey = 'price-lowtohigh';

export const lowStockThreshold = 10;

/**
 * The admin product list's stock filter, on the product's total (its variants' sum): out is 0,
 * low is 1 to lowStockThreshold - 1 (the storefront's "only a few left"), in is 1 or more.
 */
export const stockLevels = ['out', 'low', 'in'] as const;
export type StockLevel = (typeof stockLevels)[number];
export const stockLevelLabels: Record<StockLevel, string> = {
  out: 'Out of stock',
  low: `Low stock (1–${lowStockThreshold - 1})`,
  in: 'In stock',
};
export const maxProductSearch = 100;
