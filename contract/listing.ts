import { z } from 'zod';

export { minKeywordLength } from './limits';

import { productCardSchema, sortKeys } from './catalog';
import { categories } from './catalog-constants';
import { pagedResponse, text } from './common';
import {
  isOptionValue,
  type ListFilterKey,
  listFilterKeys,
  listingFilterLimits,
  type ProductFilterKey,
  type ProductFilterValue,
  priceAmountPattern,
  productFilterKeys,
  productFilters,
  splitListValue,
} from './listing-filters';
import { toCents } from './money';

export * from './listing-filters';

export const defaultPageSize = 24;
export const maxPageSize = 100;
/** Deeper pages cost a long index walk for no shopper: 10,000 pages of 100 is a million rows. */
export const maxPage = 10_000;

/** A positive integer given as a query string value (`page=2`); `0`, `-1`, `1.5`, `abc` are refused. */
function positiveInt(max: number, message: string) {
  return z
    .string()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));
}

/** `category=men,women` (or the key repeated): every value must be a known one. */
function listOf<T extends string>(allowed: readonly T[]) {
  const known = new Set<string>(allowed);
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap(splitListValue))
    .refine((values) => values.length <= allowed.length * listingFilterLimits.knownListFactor, {
      message: 'has too many values',
    })
    .refine((values) => values.every((v) => known.has(v)), {
      message: `must be a comma-separated list of: ${allowed.join(', ')}`,
    })
    .transform((values) => [...new Set(values)] as T[]);
}

/** `size=M,L` / `color=Black`: free text values (the catalogue decides which exist). */
function optionList() {
  const { optionQueryLength, optionItemLength, optionValues } = listingFilterLimits;
  return z
    .union([
      z.string().max(optionQueryLength),
      z.array(z.string().max(optionItemLength)).max(optionValues),
    ])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap(splitListValue))
    .refine((values) => values.length <= optionValues, { message: 'has too many values' })
    .refine((values) => values.every(isOptionValue), {
      message: 'has a value that is too long or holds control characters',
    })
    .transform((values) => [...new Set(values)]);
}

/** One closed-list schema per product filter (`category=men,women`), in productFilters' order. */
const productFilterQuery = Object.fromEntries(
  productFilterKeys.map((key) => [key, listOf(productFilters[key]).optional()]),
) as { [K in ProductFilterKey]: z.ZodOptional<ReturnType<typeof listOf<ProductFilterValue<K>>>> };

/** `minPrice=19.99`: decimal dollars on the price paid, turned into cents. */
const priceBound = z
  .string()
  .regex(priceAmountPattern, 'must be an amount such as 19.99')
  .transform((v) => toCents(Number(v)));

export const pagingQuery = {
  page: positiveInt(maxPage, `must be a whole number from 1 to ${maxPage}`).default(1),
  limit: positiveInt(maxPageSize, `must be a whole number from 1 to ${maxPageSize}`).default(
    defaultPageSize,
  ),
};

/** `GET /api/shop/products/get` (DESIGN.md §3). Unknown keys are refused, naming the key. */
export const listingQuery = z
  .strictObject({
    /** category, brand, fibre (a product's main fibre: the largest share of its first part). */
    ...productFilterQuery,
    /** Products with an in-stock variant of one of these sizes (and colours, when both given). */
    size: optionList().optional(),
    color: optionList().optional(),
    minPrice: priceBound.optional(),
    maxPrice: priceBound.optional(),
    sortBy: z
      .enum(sortKeys, { message: `must be one of ${sortKeys.join(', ')}` })
      .default('price-lowtohigh'),
    ...pagingQuery,
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'must not be above maxPrice',
    path: ['minPrice'],
  });
export type ListingQuery = z.output<typeof listingQuery>;

const counts = z.record(z.string(), z.number().int());

/**
 * How many products each filter value would show, each dimension counted under the other
 * active filters (choosing Nike still shows how many Adidas there are); the price range of
 * the products the other filters leave (null when none).
 */
export const facetsSchema = z.object({
  ...(Object.fromEntries(listFilterKeys.map((key) => [key, counts])) as Record<
    ListFilterKey,
    typeof counts
  >),
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
});
export type Facets = z.infer<typeof facetsSchema>;

const pageOfProducts = pagedResponse(productCardSchema);

export const listingResponse = pageOfProducts.extend({ facets: facetsSchema });
export type ListingResponse = z.infer<typeof listingResponse>;

export const maxKeywordLength = 100;

export const searchParams = z.object({ keyword: text({ max: maxKeywordLength }) });
export const searchQuery = z.strictObject(pagingQuery);
/** Bounds on what a search that finds nothing suggests instead. */
export const searchSuggestionLimits = { words: 3, categories: 3 } as const;
export const searchResponse = pageOfProducts.extend({
  /** The keyword as searched when a typo was corrected ("hoodie" for "hoodei"); else absent. */
  correctedTo: z.string().max(maxKeywordLength).optional(),
  /**
   * Only when nothing matched: keywords near the typed one that do find products (its unknown
   * words replaced by the catalogue's nearest words), and the categories with most products.
   */
  suggestions: z
    .object({
      keywords: z.array(z.string().max(maxKeywordLength)).max(searchSuggestionLimits.words),
      categories: z.array(z.enum(categories)).max(searchSuggestionLimits.categories),
    })
    .optional(),
});
export type SearchResponse = z.infer<typeof searchResponse>;
