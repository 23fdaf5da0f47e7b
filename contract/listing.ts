import { z } from 'zod';

export { minKeywordLength } from './limits';

import { type Brand, brands, type Category, categories, productSchema, sortKeys } from './catalog';
import { paginationSchema, text } from './common';

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
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .refine((values) => values.length <= allowed.length * 2, { message: 'has too many values' })
    .refine((values) => values.every((v) => known.has(v)), {
      message: `must be a comma-separated list of: ${allowed.join(', ')}`,
    })
    .transform((values) => [...new Set(values)] as T[]);
}

export const pagingQuery = {
  page: positiveInt(maxPage, `must be a whole number from 1 to ${maxPage}`).default(1),
  limit: positiveInt(maxPageSize, `must be a whole number from 1 to ${maxPageSize}`).default(
    defaultPageSize,
  ),
};

/** `GET /api/shop/products/get` (DESIGN.md §3). Unknown keys are refused, naming the key. */
export const listingQuery = z.strictObject({
  category: listOf<Category>(categories).optional(),
  brand: listOf<Brand>(brands).optional(),
  sortBy: z
    .enum(sortKeys, { message: `must be one of ${sortKeys.join(', ')}` })
    .default('price-lowtohigh'),
  ...pagingQuery,
});
export type ListingQuery = z.output<typeof listingQuery>;

export const listingResponse = z.object({
  success: z.literal(true),
  data: z.array(productSchema),
  pagination: paginationSchema,
});
export type ListingResponse = z.infer<typeof listingResponse>;

export const maxKeywordLength = 100;

export const searchParams = z.object({ keyword: text({ max: maxKeywordLength }) });
export const searchQuery = z.strictObject(pagingQuery);
export const searchResponse = listingResponse;
