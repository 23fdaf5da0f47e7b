import { sortKeys } from '@contract/catalog';
import {
  defaultPageSize,
  isOptionValue,
  type ListingQuery,
  listingFilterLimits,
  maxPage,
  maxPageSize,
  optionFilterKeys,
  priceAmountPattern,
  priceFilterKeys,
  productFilterKeys,
  productFilters,
  splitListValue,
} from '@contract/listing';
import { toCents } from '@contract/money';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

const known = new Map(productFilterKeys.map((key) => [key, new Set<string>(productFilters[key])]));
const sorts = new Set<string>(sortKeys);
const keys = new Set<string>([
  ...productFilterKeys,
  ...optionFilterKeys,
  ...priceFilterKeys,
  'sortBy',
  'page',
  'limit',
]);
const wholeNumber = /^\d{1,7}$/;

/** `category=`/`brand=`/`fibre=`: undefined unless every value is a known one, and not too many. */
function knownList(value: string, allowed: Set<string>) {
  const values = splitListValue(value);
  if (values.length > allowed.size * listingFilterLimits.knownListFactor) return undefined;
  if (!values.every((v) => allowed.has(v))) return undefined;
  return [...new Set(values)];
}

/** `size=`/`color=`: undefined unless within listingQuery's limits for free-text values. */
function optionList(value: string) {
  if (value.length > listingFilterLimits.optionQueryLength) return undefined;
  const values = splitListValue(value);
  if (values.length > listingFilterLimits.optionValues) return undefined;
  if (!values.every(isOptionValue)) return undefined;
  return [...new Set(values)];
}

function positiveInt(value: string | undefined, max: number, fallback: number) {
  if (value === undefined) return fallback;
  if (!wholeNumber.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

/**
 * The listing's query string as `listingQuery.parse` reads it, when it has the plain shape the
 * storefront sends (each key once, known keys, values in range); otherwise undefined and the
 * schema decides. zod's parse was ~7% of an uncached listing's CPU. Keys come out in the
 * schema's order, so the answer cache's keys are the same whichever path read the query.
 */
export function readListingQuery(raw: Record<string, unknown>): ListingQuery | undefined {
  const given: Record<string, string> = {};
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    if (!keys.has(key) || typeof value !== 'string') return undefined;
    given[key] = value;
  }
  const query: Partial<ListingQuery> = {};
  const filters = query as Record<string, string[] | number>;
  for (const key of productFilterKeys) {
    if (given[key] === undefined) continue;
    const values = knownList(given[key], known.get(key)!);
    if (!values) return undefined;
    filters[key] = values;
  }
  for (const key of optionFilterKeys) {
    if (given[key] === undefined) continue;
    const values = optionList(given[key]);
    if (!values) return undefined;
    filters[key] = values;
  }
  for (const key of priceFilterKeys) {
    if (given[key] === undefined) continue;
    if (!priceAmountPattern.test(given[key])) return undefined;
    filters[key] = toCents(Number(given[key]));
  }
  if (query.minPrice !== undefined && query.maxPrice !== undefined) {
    if (query.minPrice > query.maxPrice) return undefined;
  }
  const sortBy = given.sortBy ?? 'price-lowtohigh';
  if (!sorts.has(sortBy)) return undefined;
  const page = positiveInt(given.page, maxPage, 1);
  const limit = positiveInt(given.limit, maxPageSize, defaultPageSize);
  if (page === undefined || limit === undefined) return undefined;
  return { ...query, sortBy: sortBy as ListingQuery['sortBy'], page, limit };
}

/**
 * The listing route's validator: the query string through readListingQuery, and whatever it
 * does not take (and every other part) through the schema, so a refusal is the schema's own.
 */
export const listingValidator: FastifySchemaCompiler<FastifySchema> = (route) => {
  const viaSchema = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'querystring') return viaSchema;
  return (data: Record<string, unknown>) => {
    const value = readListingQuery(data);
    return value ? { value } : viaSchema(data);
  };
};
