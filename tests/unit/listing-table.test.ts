import { describe, expect, it } from 'vitest';
import {
  type CodedFilter,
  type Entry,
  ListingTable,
} from '../../server/src/modules/storefront/listing-table';

// The listing table picks between ways of answering by how many rows a filter leaves (a walk
// of the sort order or a sort of the matches; bit sets per size and colour or a visit of the
// rows). These compare every answer with a brute force over the same catalogue, for filters
// from wide to narrow, so each way is checked.

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
let seed = 3;
const rnd = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
};

const codeCounts = { category: 5, brand: 6, fibre: 6, offer: 2, size: 26, color: 11 };
// Code 0 of size and colour stands for '' (a variant with one dimension), never counted; code 0
// of fibre for a product without a composition, and of offer for one not on sale, never
// counted either.
const EMPTY = 0;

function makeEntries(count: number): Entry[] {
  return Array.from({ length: count }, (_, i) => {
    const pairs = rnd(4) === 0 ? 0 : 1 + rnd(8);
    const sizes = Array.from({ length: pairs }, () => rnd(codeCounts.size));
    return {
      id: `id-${String(rnd(1_000_000)).padStart(7, '0')}-${i}`,
      category: rnd(codeCounts.category),
      brand: rnd(codeCounts.brand),
      fibre: rnd(codeCounts.fibre),
      offer: rnd(codeCounts.offer),
      priceCents: 500 + 100 * rnd(200),
      titleKey: `title ${rnd(50)}`,
      optionSizes: sizes,
      optionColors: sizes.map(() => rnd(codeCounts.color)),
    };
  });
}

const tableOf = (codes: number[], of: number) => {
  const table = new Uint8Array(of + 1);
  for (const code of codes) table[code] = 1;
  return table;
};
const someCodes = (of: number, most: number) => {
  const codes = Array.from({ length: 1 + rnd(most) }, () => rnd(of));
  return tableOf(codes, of);
};

function randomFilter(): CodedFilter {
  const min = rnd(3) === 0 ? 500 + 100 * rnd(150) : Number.NEGATIVE_INFINITY;
  // A narrow price band across every category and brand: few rows, spread over the table.
  if (rnd(5) === 0) {
    return {
      minPrice: min === Number.NEGATIVE_INFINITY ? 5000 : min,
      maxPrice: min + 100 * rnd(4),
      color: rnd(2) ? someCodes(codeCounts.color, 2) : undefined,
      size: rnd(2) ? someCodes(codeCounts.size, 3) : undefined,
    };
  }
  return {
    category: rnd(2) ? someCodes(codeCounts.category, 2) : undefined,
    brand: rnd(2) ? someCodes(codeCounts.brand, 2) : undefined,
    fibre: rnd(3) === 0 ? someCodes(codeCounts.fibre, 2) : undefined,
    offer: rnd(4) === 0 ? tableOf([1], codeCounts.offer) : undefined,
    size: rnd(2) ? someCodes(codeCounts.size, 3) : undefined,
    color: rnd(2) ? someCodes(codeCounts.color, 2) : undefined,
    minPrice: min,
    maxPrice: rnd(3) === 0 ? Math.max(min, 0) + 100 * rnd(150) : Number.POSITIVE_INFINITY,
  };
}

/** What a listing should answer, worked out row by row. */
function bruteForce(entries: Entry[], f: CodedFilter) {
  const has = (table: Uint8Array | undefined, code: number) => !table || table[code] === 1;
  const priced = (e: Entry) => e.priceCents >= f.minPrice && e.priceCents <= f.maxPrice;
  const withOption = (e: Entry, size = f.size, color = f.color) =>
    (!size && !color) ||
    e.optionSizes.some((s, j) => has(size, s) && has(color, e.optionColors[j]!));
  const count = (rows: Entry[], codeOf: (e: Entry) => number, length: number) => {
    const counts = new Array<number>(length).fill(0);
    for (const e of rows) counts[codeOf(e)]! += 1;
    return counts;
  };
  const base = (e: Entry, skip: string) =>
    (skip === 'category' || has(f.category, e.category)) &&
    (skip === 'brand' || has(f.brand, e.brand)) &&
    (skip === 'fibre' || has(f.fibre, e.fibre)) &&
    (skip === 'offer' || has(f.offer, e.offer)) &&
    (skip === 'price' || priced(e));
  const matches = entries.filter((e) => base(e, '') && withOption(e));
  const optionCounts = (dimension: 'size' | 'color') =>
    Array.from({ length: codeCounts[dimension] }, (_, code) =>
      code === EMPTY
        ? 0
        : entries.filter(
            (e) =>
              base(e, '') &&
              (dimension === 'size'
                ? withOption(e, tableOf([code], codeCounts.size), f.color)
                : withOption(e, f.size, tableOf([code], codeCounts.color))),
          ).length,
    );
  const beforePrice = entries
    .filter((e) => base(e, 'price') && withOption(e))
    .map((e) => e.priceCents);
  return {
    matches,
    counts: {
      category: count(
        entries.filter((e) => base(e, 'category') && withOption(e)),
        (e) => e.category,
        codeCounts.category,
      ),
      brand: count(
        entries.filter((e) => base(e, 'brand') && withOption(e)),
        (e) => e.brand,
        codeCounts.brand,
      ),
      fibre: count(
        entries.filter((e) => base(e, 'fibre') && withOption(e)),
        (e) => e.fibre,
        codeCounts.fibre,
      ).map((n, code) => (code === EMPTY ? 0 : n)),
      offer: count(
        entries.filter((e) => base(e, 'offer') && withOption(e)),
        (e) => e.offer,
        codeCounts.offer,
      ).map((n, code) => (code === EMPTY ? 0 : n)),
      size: optionCounts('size'),
      color: optionCounts('color'),
    },
    price: {
      min: beforePrice.length ? Math.min(...beforePrice) : null,
      max: beforePrice.length ? Math.max(...beforePrice) : null,
    },
  };
}

const byPrice = (a: Entry, b: Entry) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : 1);
const byTitle = (a: Entry, b: Entry) =>
  a.titleKey < b.titleKey ? -1 : a.titleKey > b.titleKey ? 1 : a.id < b.id ? -1 : 1;

describe('listing table', () => {
  it('answers pages, totals and facets as a row-by-row count does, for wide and narrow filters', () => {
    const entries = makeEntries(3000);
    const table = new ListingTable(entries, codeCounts, {
      size: EMPTY,
      color: EMPTY,
      fibre: EMPTY,
      offer: EMPTY,
    });
    for (let i = 0; i < 150; i += 1) {
      const f = randomFilter();
      const expected = bruteForce(entries, f);
      const selection = table.select(f);
      const sort = rnd(2) ? 'price' : 'title';
      const descending = rnd(2) === 1;
      const offset = rnd(3) === 0 ? 24 * rnd(6) : 0;
      const { ids, total } = table.page(selection, sort, descending, offset, 24);
      expect(total).toBe(expected.matches.length);
      const ordered = [...expected.matches].sort(sort === 'price' ? byPrice : byTitle);
      if (descending) ordered.reverse();
      expect(ids).toEqual(ordered.slice(offset, offset + 24).map((e) => e.id));
      const facets = table.facets(selection);
      expect({
        category: [...facets.counts.category],
        brand: [...facets.counts.brand],
        fibre: [...facets.counts.fibre],
        offer: [...facets.counts.offer],
        size: [...facets.counts.size],
        color: [...facets.counts.color],
      }).toEqual(expected.counts);
      expect(facets.price).toEqual(expected.price);
    }
  });
});
