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
