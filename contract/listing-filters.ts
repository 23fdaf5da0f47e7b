// The listing's filters and their limits, without zod, so the storefront bundle reads them too.
// The server's schema (listing.ts) and fast path, the listing index and the web's URL and
// storage handling all derive from these lists (docs/recipes.md, "A new listing filter").

import { brands, categories, offers } from './catalog-constants';
import { fibres } from './garment-constants';

/** Filters on one fact of each product, each with its closed list of values. */
export const productFilters = {
  category: categories,
  brand: brands,
  fibre: fibres,
  offer: offers,
} as const;
export type ProductFilterKey = keyof typeof productFilters;
export type ProductFilterValue<K extends ProductFilterKey> = (typeof productFilters)[K][number];
export const productFilterKeys = Object.keys(productFilters) as ProductFilterKey[];

/** Filters on the options of a product's in-stock variants: free text the catalogue decides. */
export const optionFilterKeys = ['size', 'color'] as const;
export type OptionFilterKey = (typeof optionFilterKeys)[number];

/** Every filter that takes a list of values, in the order of the query and the facets. */
export const listFilterKeys: readonly (ProductFilterKey | OptionFilterKey)[] = [
  ...productFilterKeys,
  ...optionFilterKeys,
];
export type ListFilterKey = ProductFilterKey | OptionFilterKey;

/** Bounds on the price paid. */
export const priceFilterKeys = ['minPrice', 'maxPrice'] as const;
export type PriceFilterKey = (typeof priceFilterKeys)[number];

/**
 * A listing's filters, prices as `Price`: cents on the server (ListingQuery's output), the
 * decimal amount as typed in the web ("19.99").
 */
export type ListingFilters<Price> = {
  [K in ProductFilterKey]?: ProductFilterValue<K>[] | undefined;
} & { [K in OptionFilterKey]?: string[] | undefined } & {
  [K in PriceFilterKey]?: Price | undefined;
};

export const listingFilterLimits = {
  /** A closed list takes at most twice as many values as it has (repeats are dropped). */
  knownListFactor: 2,
  /** Values of one option filter. */
  optionValues: 40,
  /** Characters of one option value. */
  optionValueLength: 30,
  /** Characters of one option filter's query string value, before it is split. */
  optionQueryLength: 1000,
  /** Characters of each value of a repeated key (`size=M&size=L`), before it is split. */
  optionItemLength: 100,
} as const;

/** A price bound as typed and sent: up to seven digits of dollars and two of cents. */
export const priceAmountPattern = /^\d{1,7}(\.\d{1,2})?$/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const notInOptionValue = /[\u0000-\u001f,]/;

/** An option value a listing takes: 1 to 30 characters, no control character, no comma. */
export const isOptionValue = (value: string) =>
  value.length >= 1 &&
  value.length <= listingFilterLimits.optionValueLength &&
  !notInOptionValue.test(value);

/** A comma-separated value's items, trimmed, empty ones dropped. */
export const splitListValue = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
