import { brands, categories, fibres, sortKeys } from '@contract/catalog';
import { defaultPageSize, type ListingQuery, maxPage, maxPageSize } from '@contract/listing';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

const known = {
  category: new Set<string>(categories),
  brand: new Set<string>(brands),
  fibre: new Set<string>(fibres),
  sortBy: new Set<string>(sortKeys),
};
const keys = new Set([
  'category',
  'brand',
  'fibre',
  'size',
  'color',
  'minPrice',
  'maxPrice',
  'sortBy',
  'page',
  'limit',
]);
const wholeNumber = /^\d{1,7}$/;
const amount = /^\d{1,7}(\.\d{1,2})?$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const controlCharacter = /[\u0000-\u001f]/;

/** listingQuery's reading of a comma-separated value: split, trimmed, empty ones dropped. */
const split = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** `category=`/`brand=`/`fibre=`: undefined unless every value is a known one, at most twice as many. */
function knownList(value: string, allowed: Set<string>) {
  const values = split(value);
  if (values.length > allowed.size * 2 || !values.every((v) => allowed.has(v))) return undefined;
  return [...new Set(values)];
}

/** `size=`/`color=`: undefined unless within listingQuery's limits for free-text values. */
function optionList(value: string) {
  if (value.length > 1000) return undefined;
  const values = split(value);
  if (values.length > 40) return undefined;
  if (!values.every((v) => v.length <= 30 && !controlCharacter.test(v))) return undefined;
  return [...new Set(values)];
}

function positiveInt(value: string | undefined, max: number, fallback: number) {
  if (value === undefined) return fallback;
  if (!wholeNumber.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

const cents = (value: string) => Math.round(Number(value) * 100);

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
  if (given.category !== undefined) {
    const category = knownList(given.category, known.category);
    if (!category) return undefined;
    query.category = category as ListingQuery['category'];
  }
  if (given.brand !== undefined) {
    const brand = knownList(given.brand, known.brand);
    if (!brand) return undefined;
    query.brand = brand as ListingQuery['brand'];
  }
  if (given.fibre !== undefined) {
    const fibre = knownList(given.fibre, known.fibre);
    if (!fibre) return undefined;
    query.fibre = fibre as ListingQuery['fibre'];
  }
  for (const key of ['size', 'color'] as const) {
    if (given[key] === undefined) continue;
    const values = optionList(given[key]);
    if (!values) return undefined;
    query[key] = values;
  }
  for (const key of ['minPrice', 'maxPrice'] as const) {
    if (given[key] === undefined) continue;
    if (!amount.test(given[key])) return undefined;
    query[key] = cents(given[key]);
  }
  if (query.minPrice !== undefined && query.maxPrice !== undefined) {
    if (query.minPrice > query.maxPrice) return undefined;
  }
  const sortBy = given.sortBy ?? 'price-lowtohigh';
  if (!known.sortBy.has(sortBy)) return undefined;
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
