import { type Bits, popcountAnd, RowSets } from './row-sets';

/** What a listing filters, sorts and counts by, for one product; values as interned codes. */
export type Entry = {
  id: string;
  category: number;
  brand: number;
  priceCents: number;
  /** lower(title), compared by UTF-16 code unit like `collate "C"` for the shop's titles. */
  titleKey: string;
  /** In-stock variants: size and colour codes, pairwise. */
  optionSizes: number[];
  optionColors: number[];
};

/** Filters as membership tables by code (undefined: no filter), price bounds in cents. */
export type CodedFilter = {
  category?: Uint8Array | undefined;
  brand?: Uint8Array | undefined;
  size?: Uint8Array | undefined;
  color?: Uint8Array | undefined;
  minPrice: number;
  maxPrice: number;
};

/** How many codes each dimension has now (the length of its count array). */
export type CodeCounts = Record<'category' | 'brand' | 'size' | 'color', number>;

export type Scan = {
  ids: string[];
  total: number;
  counts: Record<'category' | 'brand' | 'size' | 'color', Int32Array>;
  price: { min: number | null; max: number | null };
};

const membersOf = (filter: Uint8Array) => {
  const codes: number[] = [];
  filter.forEach((wanted, code) => {
    if (wanted === 1) codes.push(code);
  });
  return codes;
};

/**
 * The catalogue's listing facts as one bit set of rows per filter value (and per in-stock
 * size-colour pair), with the two sort orders as arrays of row numbers. A listing is a few
 * ANDs and bit counts over 10,000 / 32 words per facet value, then a walk of the sort order
 * to the page: ~0.05 ms, where a row-by-row scan took 0.45 ms (and over objects 4 ms), which
 * is what 50 concurrent shoppers on one core cannot spare. Immutable: a change builds anew.
 */
export class ListingTable {
  private readonly ids: string[];
  private readonly price: Int32Array;
  private readonly byPrice: Uint32Array;
  private readonly byTitle: Uint32Array;
  private readonly sets: RowSets;

  /** `emptySize`/`emptyColor`: the codes of '' (a one-dimension variant), never counted. */
  constructor(
    entries: Entry[],
    codeCounts: CodeCounts,
    private readonly emptySize?: number,
    private readonly emptyColor?: number,
  ) {
    this.ids = entries.map((e) => e.id);
    this.price = Int32Array.from(entries, (e) => e.priceCents);
    this.sets = new RowSets(entries, codeCounts);
    const ids = this.ids;
    const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
    const rows = entries.map((_, i) => i);
    const price = this.price;
    this.byPrice = Uint32Array.from([...rows].sort((a, b) => price[a]! - price[b]! || byId(a, b)));
    const titles = entries.map((e) => e.titleKey);
    this.byTitle = Uint32Array.from(
      rows.sort((a, b) =>
        titles[a]! < titles[b]! ? -1 : titles[a]! > titles[b]! ? 1 : byId(a, b),
      ),
    );
  }

  /**
   * The page's ids in sort order, the total, and each facet counted under every filter but its
   * own (a size counts when one in-stock variant of it has a chosen colour, and vice versa).
   */
  scan(
    f: CodedFilter,
    sort: 'price' | 'title',
    descending: boolean,
    offset: number,
    limit: number,
    codeCounts: CodeCounts,
  ): Scan {
    const { sets } = this;
    const sizes = f.size && membersOf(f.size);
    const colors = f.color && membersOf(f.color);
    const inCategory = f.category ? sets.union(sets.category, membersOf(f.category)) : sets.all;
    const inBrand = f.brand ? sets.union(sets.brand, membersOf(f.brand)) : sets.all;
    const inPrice =
      f.minPrice > Number.NEGATIVE_INFINITY || f.maxPrice < Number.POSITIVE_INFINITY
        ? sets.where((row) => this.price[row]! >= f.minPrice && this.price[row]! <= f.maxPrice)
        : sets.all;
    const withOption = sets.options(sizes, colors);
    const matches = sets.and(inCategory, inBrand, inPrice, withOption);
    const counts = {
      category: new Int32Array(codeCounts.category),
      brand: new Int32Array(codeCounts.brand),
      size: new Int32Array(codeCounts.size),
      color: new Int32Array(codeCounts.color),
    };
    sets.category.forEach((rows, code) => {
      counts.category[code] = popcountAnd(rows, inBrand, inPrice, withOption);
    });
    sets.brand.forEach((rows, code) => {
      counts.brand[code] = popcountAnd(rows, inCategory, inPrice, withOption);
    });
    const beforeOptions = sets.and(inCategory, inBrand, inPrice);
    this.countOptions(counts.size, beforeOptions, this.emptySize, (code) =>
      sets.options([code], colors),
    );
    this.countOptions(counts.color, beforeOptions, this.emptyColor, (code) =>
      sets.options(sizes, [code]),
    );
    const beforePrice = sets.and(inCategory, inBrand, withOption);
    const order = sort === 'price' ? this.byPrice : this.byTitle;
    return {
      ids: this.page(order, descending, matches, offset, limit),
      total: popcountAnd(matches),
      counts,
      price: {
        min: this.firstPrice(beforePrice, false),
        max: this.firstPrice(beforePrice, true),
      },
    };
  }

  private countOptions(
    into: Int32Array,
    rows: Bits,
    empty: number | undefined,
    having: (code: number) => Bits,
  ) {
    for (let code = 0; code < into.length; code += 1) {
      if (code !== empty) into[code] = popcountAnd(having(code), rows);
    }
  }

  private page(order: Uint32Array, descending: boolean, rows: Bits, offset: number, limit: number) {
    const ids: string[] = [];
    let seen = 0;
    const n = order.length;
    for (let k = 0; k < n && ids.length < limit; k += 1) {
      const row = order[descending ? n - 1 - k : k]!;
      if (this.sets.has(rows, row)) {
        if (seen >= offset) ids.push(this.ids[row]!);
        seen += 1;
      }
    }
    return ids;
  }

  /** The lowest (or highest) price among these rows, or null when there are none. */
  private firstPrice(rows: Bits, highest: boolean) {
    const n = this.byPrice.length;
    for (let k = 0; k < n; k += 1) {
      const row = this.byPrice[highest ? n - 1 - k : k]!;
      if (this.sets.has(rows, row)) return this.price[row]!;
    }
    return null;
  }
}
