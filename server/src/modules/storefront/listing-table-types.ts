/** The listing table's vocabulary: its entries and filters in, its selections and facets out. */
import type { ListFilterKey, ProductFilterKey } from '@contract/listing';
import type { Bits } from './row-sets';

/**
 * What a listing filters, sorts and counts by, for one product; values as interned codes, one
 * per product filter (category, brand, the main fibre's or the code of '' for none, ...).
 */
export type Entry = Record<ProductFilterKey, number> & {
  id: string;
  priceCents: number;
  /** lower(title), compared by UTF-16 code unit like `collate "C"` for the shop's titles. */
  titleKey: string;
  /** In-stock variants: size and colour codes, pairwise. */
  optionSizes: number[];
  optionColors: number[];
};

/** Filters as membership tables by code (undefined: no filter), price bounds in cents. */
export type CodedFilter = { [K in ListFilterKey]?: Uint8Array | undefined } & {
  minPrice: number;
  maxPrice: number;
};

/** How many codes each dimension has now (the length of its count array). */
export type CodeCounts = Record<Dimension, number>;
export type Dimension = ListFilterKey;

/** The rows a filter leaves, and the sets they were made of (the facets reuse them). */
export type Selection = {
  /** The rows each product filter leaves (all rows for one not given). */
  inFacts: Record<ProductFilterKey, Bits>;
  inPrice: Bits;
  withOption: Bits;
  matches: Bits;
  sizes: number[] | undefined;
  colors: number[] | undefined;
  /** The size and colour filters as membership tables by code. */
  wanted: { size?: Uint8Array | undefined; color?: Uint8Array | undefined };
};

export type Facets = {
  counts: Record<Dimension, Int32Array>;
  price: { min: number | null; max: number | null };
};
