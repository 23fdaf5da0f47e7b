import { brands, categories, fibres, offers, sortKeys } from '@contract/catalog';
import { listingQuery } from '@contract/listing';
import { describe, expect, it } from 'vitest';
import { randomListing, variantFilters } from '../../bench/workloads';
import { readListingQuery } from '../../server/src/modules/storefront/listing-query';

// The listing route reads plain query strings without zod (listing-query.ts). These prove it
// takes exactly what the schema takes, reads it the same, and leaves the rest to the schema.

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
let seed = 11;
const rnd = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
};
const pick = <T>(items: readonly T[]): T => items[rnd(items.length)]!;
const some = (make: () => string, most: number) => Array.from({ length: rnd(most + 1) }, make);

const oddText = [
  '',
  ' ',
  ',',
  ' , ',
  ',,',
  '\t',
  'Men',
  'shoes',
  'é',
  '😀',
  '\u0000',
  '\u001f',
  '\u007f',
  'x'.repeat(30),
  'x'.repeat(31),
  '1e3',
  '-1',
  '+1',
];
const numbers = [
  '0',
  '1',
  '01',
  '0001',
  '5',
  '24',
  '99',
  '100',
  '101',
  '10000',
  '10001',
  '9999999',
  '12345678',
  '1.0',
  '1.5',
  ' 1',
  '1 ',
  '',
  'abc',
  '٣',
];
const amounts = [...numbers, '19.99', '19.999', '0.5', '.5', '5.', '1000000.01', '70', '80'];

const listValue = (values: readonly string[]) =>
  some(() => (rnd(6) === 0 ? pick(oddText) : pick(values)), 12).join(pick([',', ', ', ' ,']));
const option = () => pick([...oddText, 'M', 'XL', 'Black', 'Navy', '4-5Y']);
/** Free text around each limit: 40 values, 30 characters a value, 1,000 characters in all. */
const freeText = () =>
  pick([
    () => some(option, 5).join(','),
    () => Array.from({ length: 38 + rnd(5) }, (_, i) => `V${i}`).join(','),
    () => `M${' '.repeat(995 + rnd(10))},L`,
    () => some(option, 45).join(','),
  ])();
const valueFor: Record<string, () => string> = {
  category: () => listValue(categories),
  brand: () => listValue(brands),
  fibre: () => listValue(fibres),
  offer: () => listValue(offers),
  size: freeText,
  color: freeText,
  minPrice: () => pick(amounts),
  maxPrice: () => pick(amounts),
  sortBy: () =>
    rnd(5) === 0 ? pick(['', 'newest', 'PRICE-lowtohigh', ' title-atoz']) : pick(sortKeys),
  page: () => pick(numbers),
  limit: () => pick(numbers),
};
const strangeKeys = ['colour', 'Category', 'sortby', '__proto__', 'constructor', 'toString', ''];

/** A query object as Fastify hands it over: strings, or arrays for a repeated key. */
function randomQuery() {
  const query: Record<string, unknown> = {};
  for (const [key, make] of Object.entries(valueFor)) {
    if (rnd(3) > 0) continue;
    query[key] = rnd(15) === 0 ? [make(), make()] : make();
  }
  if (rnd(20) === 0)
    Object.defineProperty(query, pick(strangeKeys), { value: 'x', enumerable: true });
  return query;
}

const plainShape = (query: Record<string, unknown>) =>
  Object.entries(query).every(([key, value]) => key in valueFor && typeof value === 'string');

describe('the listing query read without zod', () => {
  it('takes exactly the plain queries the schema takes, and reads them the same', () => {
    let taken = 0;
    let refused = 0;
    for (let i = 0; i < 10_000; i += 1) {
      const query = randomQuery();
      const fast = readListingQuery(query);
      const schema = listingQuery.safeParse(query);
      const shown = JSON.stringify(query);
      if (fast) {
        expect(schema.success, shown).toBe(true);
        // The same value, keys in the same order (the answer cache's key is its JSON).
        expect(JSON.stringify(fast), shown).toBe(JSON.stringify(schema.data));
        expect(fast, shown).toEqual(schema.data);
        taken += 1;
      } else if (plainShape(query)) {
        expect(schema.success, shown).toBe(false);
        refused += 1;
      }
    }
    // Both sides must be exercised, not only one.
    expect(taken).toBeGreaterThan(800);
    expect(refused).toBeGreaterThan(800);
  });

  it("reads every query the bench's random listings send", () => {
    for (let i = 0; i < 2000; i += 1) {
      const { path } = i % 2 ? randomListing() : randomListing(variantFilters);
      const query = Object.fromEntries(new URL(path, 'http://shop').searchParams);
      expect(readListingQuery(query), path).toEqual(listingQuery.parse(query));
    }
  });

  it('leaves repeated and unknown keys to the schema', () => {
    expect(readListingQuery({ category: ['men', 'women'] })).toBeUndefined();
    expect(readListingQuery({ colour: 'red' })).toBeUndefined();
    expect(readListingQuery({ page: '0' })).toBeUndefined();
    expect(readListingQuery({})).toEqual(listingQuery.parse({}));
  });
});
