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

/** Start offsets (length n + 1) and the values of a list per product, flattened. */
function flatten(lists: number[][]) {
  const start = new Uint32Array(lists.length + 1);
  let length = 0;
  lists.forEach((list, i) => {
    start[i] = length;
    length += list.length;
  });
  start[lists.length] = length;
  const values = new Uint32Array(length);
  lists.forEach((list, i) => {
    values.set(list, start[i]);
  });
  return { start, values };
}

const distinctNonEmpty = (codes: number[], empty: number | undefined) =>
  [...new Set(codes)].filter((code) => code !== empty);

/**
 * The catalogue's listing facts as columns of typed arrays, with the two sort orders as
 * arrays of row numbers: one scan of 10,000 products reads a few numbers per row and takes
 * well under a millisecond (the same scan over an array of objects took ~4 ms, far over what
 * 50 concurrent shoppers leave per request). Immutable: a change builds a new table.
 */
export class ListingTable {
  private readonly ids: string[];
  private readonly category: Uint32Array;
  private readonly brand: Uint32Array;
  private readonly price: Int32Array;
  private readonly options: { start: Uint32Array; values: Uint32Array };
  private readonly optionColors: Uint32Array;
  private readonly sizes: { start: Uint32Array; values: Uint32Array };
  private readonly colors: { start: Uint32Array; values: Uint32Array };
  private readonly byPrice: Uint32Array;
  private readonly byTitle: Uint32Array;

  /** `emptySize`/`emptyColor`: the codes of '' (a one-dimension variant), never counted. */
  constructor(entries: Entry[], emptySize?: number, emptyColor?: number) {
    this.ids = entries.map((e) => e.id);
    this.category = Uint32Array.from(entries, (e) => e.category);
    this.brand = Uint32Array.from(entries, (e) => e.brand);
    this.price = Int32Array.from(entries, (e) => e.priceCents);
    this.options = flatten(entries.map((e) => e.optionSizes));
    this.optionColors = flatten(entries.map((e) => e.optionColors)).values;
    this.sizes = flatten(entries.map((e) => distinctNonEmpty(e.optionSizes, emptySize)));
    this.colors = flatten(entries.map((e) => distinctNonEmpty(e.optionColors, emptyColor)));
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
    const order = sort === 'price' ? this.byPrice : this.byTitle;
    const n = order.length;
    const { category, brand, price, optionColors } = this;
    const optionStart = this.options.start;
    const optionSizes = this.options.values;
    const counts = {
      category: new Int32Array(codeCounts.category),
      brand: new Int32Array(codeCounts.brand),
      size: new Int32Array(codeCounts.size),
      color: new Int32Array(codeCounts.color),
    };
    const sizeFilter = f.size;
    const colorFilter = f.color;
    const filtersOptions = sizeFilter !== undefined || colorFilter !== undefined;
    const ids: string[] = [];
    let total = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < n; k += 1) {
      const row = order[descending ? n - 1 - k : k]!;
      const c = category[row]!;
      const b = brand[row]!;
      const p = price[row]!;
      const categoryOk = f.category === undefined || f.category[c] === 1;
      const brandOk = f.brand === undefined || f.brand[b] === 1;
      const priceOk = p >= f.minPrice && p <= f.maxPrice;
      let optionOk = !filtersOptions;
      if (filtersOptions) {
        for (let j = optionStart[row]!; j < optionStart[row + 1]!; j += 1) {
          if (
            (sizeFilter === undefined || sizeFilter[optionSizes[j]!] === 1) &&
            (colorFilter === undefined || colorFilter[optionColors[j]!] === 1)
          ) {
            optionOk = true;
            break;
          }
        }
      }
      if (categoryOk && brandOk && priceOk && optionOk) {
        if (total >= offset && ids.length < limit) ids.push(this.ids[row]!);
        total += 1;
      }
      if (brandOk && priceOk && optionOk) counts.category[c]! += 1;
      if (categoryOk && priceOk && optionOk) counts.brand[b]! += 1;
      if (categoryOk && brandOk && optionOk) {
        if (p < min) min = p;
        if (p > max) max = p;
      }
      if (categoryOk && brandOk && priceOk) {
        this.countOptions(counts.size, this.sizes, row, optionSizes, optionColors, colorFilter);
        this.countOptions(counts.color, this.colors, row, optionColors, optionSizes, sizeFilter);
      }
    }
    const found = min !== Number.POSITIVE_INFINITY;
    return { ids, total, counts, price: { min: found ? min : null, max: found ? max : null } };
  }

  /**
   * Adds one to each distinct value of the row, or, when the other dimension is filtered, to
   * each value having an option whose other half passes that filter (each value once).
   */
  private countOptions(
    into: Int32Array,
    distinct: { start: Uint32Array; values: Uint32Array },
    row: number,
    mine: Uint32Array,
    theirs: Uint32Array,
    wanted: Uint8Array | undefined,
  ) {
    const end = distinct.start[row + 1]!;
    if (wanted === undefined) {
      for (let d = distinct.start[row]!; d < end; d += 1) into[distinct.values[d]!]! += 1;
      return;
    }
    const optionEnd = this.options.start[row + 1]!;
    for (let d = distinct.start[row]!; d < end; d += 1) {
      const code = distinct.values[d]!;
      for (let j = this.options.start[row]!; j < optionEnd; j += 1) {
        if (mine[j] === code && wanted[theirs[j]!] === 1) {
          into[code]! += 1;
          break;
        }
      }
    }
  }
}
