import { type ProductFilterKey, productFilterKeys } from '@contract/listing';
import type { CodeCounts, Entry } from './listing-table-types';

/** A set of table rows, one bit per row (row r is bit r % 32 of word r / 32). */
export type Bits = Uint32Array;

function bitCount(word: number) {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** How many rows are in every one of these sets (a hot loop: no iterators in it). */
export function popcountAnd(a: Bits, b?: Bits, c?: Bits, d?: Bits) {
  const x = b ?? a;
  const y = c ?? a;
  const z = d ?? a;
  let total = 0;
  for (let w = 0; w < a.length; w += 1) {
    const word = a[w]! & x[w]! & y[w]! & z[w]!;
    if (word !== 0) total += bitCount(word);
  }
  return total;
}

/**
 * The runs of words where a set has rows, as [from, to) pairs. Rows are grouped by category,
 * brand and price (ListingTable), so a filtered set is a few runs and a count over it reads
 * only those words.
 */
export type Spans = Int32Array;

export function spansOf(set: Bits): Spans {
  const spans: number[] = [];
  for (let w = 0; w < set.length; w += 1) {
    if (set[w] === 0) continue;
    const from = w;
    while (w < set.length && set[w] !== 0) w += 1;
    spans.push(from, w);
  }
  return Int32Array.from(spans);
}

/** How many words the spans cover. */
export function wordsIn(spans: Spans) {
  let words = 0;
  for (let s = 0; s < spans.length; s += 2) words += spans[s + 1]! - spans[s]!;
  return words;
}

/** How many rows `a` and `b` share, `spans` being b's. */
export function popcountIn(a: Bits, b: Bits, spans: Spans) {
  let total = 0;
  for (let s = 0; s < spans.length; s += 2) {
    for (let w = spans[s]!; w < spans[s + 1]!; w += 1) {
      const word = a[w]! & b[w]!;
      if (word !== 0) total += bitCount(word);
    }
  }
  return total;
}

/** The rows in a set, lowest first (`count`: how many there are). */
export function rowsOf(set: Bits, count: number) {
  const rows = new Uint32Array(count);
  let i = 0;
  for (let w = 0; w < set.length; w += 1) {
    let word = set[w]!;
    while (word !== 0) {
      rows[i++] = (w << 5) | (31 - Math.clz32(word & -word));
      word &= word - 1;
    }
  }
  return rows;
}

/**
 * The rows of a listing table having each value of each product filter (category, brand, main
 * fibre, ...), each in-stock size, in-stock colour and in-stock size-colour pair. Sets are never changed once made: results are new arrays, or a
 * stored set itself.
 */
export class RowSets {
  readonly all: Bits;
  /** By product filter, then value code. */
  readonly facts = {} as Record<ProductFilterKey, Bits[]>;
  readonly size: Bits[];
  readonly color: Bits[];
  /** Keyed by size code * colour code count + colour code. */
  private readonly pairs = new Map<number, Bits>();
  private readonly rows: number;
  private readonly words: number;
  private readonly colorCount: number;

  constructor(entries: Entry[], codeCounts: CodeCounts) {
    this.rows = entries.length;
    this.words = Math.ceil(entries.length / 32);
    this.colorCount = codeCounts.color;
    this.all = this.where(() => true);
    const sets = (count: number) => Array.from({ length: count }, () => this.empty());
    for (const key of productFilterKeys) this.facts[key] = sets(codeCounts[key]);
    this.size = sets(codeCounts.size);
    this.color = sets(codeCounts.color);
    entries.forEach((e, row) => {
      for (const key of productFilterKeys) this.add(this.facts[key][e[key]]!, row);
      e.optionSizes.forEach((size, j) => {
        const color = e.optionColors[j]!;
        this.add(this.size[size]!, row);
        this.add(this.color[color]!, row);
        const key = size * this.colorCount + color;
        let pair = this.pairs.get(key);
        if (!pair) {
          pair = this.empty();
          this.pairs.set(key, pair);
        }
        this.add(pair, row);
      });
    });
  }

  has(set: Bits, row: number) {
    return ((set[row >>> 5]! >>> (row & 31)) & 1) === 1;
  }

  /** The rows in any of the sets of these codes (codes without a set add nothing). */
  union(sets: Bits[], codes: readonly number[]): Bits {
    if (codes.length === 1 && sets[codes[0]!]) return sets[codes[0]!]!;
    const out = this.empty();
    for (const code of codes) {
      const set = sets[code];
      if (set) for (let w = 0; w < out.length; w += 1) out[w]! |= set[w]!;
    }
    return out;
  }

  and(...sets: Bits[]): Bits {
    const out = new Uint32Array(sets[0]!);
    for (const set of sets.slice(1)) {
      if (set !== this.all) for (let w = 0; w < out.length; w += 1) out[w]! &= set[w]!;
    }
    return out;
  }

  where(passes: (row: number) => boolean): Bits {
    const out = this.empty();
    for (let row = 0; row < this.rows; row += 1) if (passes(row)) this.add(out, row);
    return out;
  }

  /** A new set without rows. */
  none(): Bits {
    return this.empty();
  }

  /** Adds rows `from` (inclusive) to `to` (exclusive), whole words at a time. */
  addRange(set: Bits, from: number, to: number) {
    let row = from;
    for (; row < to && (row & 31) !== 0; row += 1) this.add(set, row);
    for (; row + 32 <= to; row += 32) set[row >>> 5] = 0xffffffff;
    for (; row < to; row += 1) this.add(set, row);
  }

  /** Rows with an in-stock variant of one of these sizes in one of these colours. */
  options(sizes: readonly number[] | undefined, colors: readonly number[] | undefined): Bits {
    if (!sizes && !colors) return this.all;
    if (!colors) return this.union(this.size, sizes!);
    if (!sizes) return this.union(this.color, colors);
    const pairs = this.pairsOf(sizes, colors);
    return this.union(
      pairs,
      pairs.map((_, i) => i),
    );
  }

  /** How many of `rows` (whose spans are `spans`) `options(sizes, colors)` has. */
  countOptions(
    sizes: readonly number[] | undefined,
    colors: readonly number[] | undefined,
    rows: Bits,
    spans: Spans,
  ) {
    if (!sizes || !colors) return popcountIn(this.options(sizes, colors), rows, spans);
    const pairs = this.pairsOf(sizes, colors);
    if (pairs.length <= 1) return pairs[0] ? popcountIn(pairs[0], rows, spans) : 0;
    let total = 0;
    for (let s = 0; s < spans.length; s += 2) {
      for (let w = spans[s]!; w < spans[s + 1]!; w += 1) {
        let word = 0;
        for (let p = 0; p < pairs.length; p += 1) word |= pairs[p]![w]!;
        word &= rows[w]!;
        if (word !== 0) total += bitCount(word);
      }
    }
    return total;
  }

  private pairsOf(sizes: readonly number[], colors: readonly number[]) {
    const pairs: Bits[] = [];
    for (const size of sizes) {
      for (const color of colors) {
        const pair = this.pairs.get(size * this.colorCount + color);
        if (pair) pairs.push(pair);
      }
    }
    return pairs;
  }

  private empty() {
    return new Uint32Array(this.words);
  }

  private add(set: Bits, row: number) {
    set[row >>> 5]! |= 1 << (row & 31);
  }
}
