import type { SortKey } from '@contract/catalog';
import { type ListingFilters, listFilterKeys, productFilterKeys } from '@contract/listing';
import type { Db } from '../../db/client';
import { listingRows } from '../catalog';
import { type Dimension, type Entry, ListingTable } from './listing-table';

/** A listing's filters as the schema reads them (prices in cents). */
export type ListingFilter = ListingFilters<number>;

/** Facet counts by value (values no product has left out), price bounds in cents. */
export type IndexedFacets = {
  counts: Record<Dimension, Map<string, number>>;
  price: { min: number | null; max: number | null };
};

export type IndexedListing = {
  ids: string[];
  total: number;
  /** Changes whenever the index reloads: facets made for one version hold for it alone. */
  version: number;
  /** The facets of the same filter in the same version (counted only when asked for). */
  facets: () => IndexedFacets;
};

/** Strings to small integers, so a query compares numbers and counts into arrays. */
class Codes {
  private readonly codes = new Map<string, number>();
  readonly values: string[] = [];
  of(value: string) {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.codes.set(value, code);
      this.values.push(value);
    }
    return code;
  }
  /** The code of a value, without making one. */
  peek(value: string) {
    return this.codes.get(value);
  }
  /** A membership table for these values, or undefined for "no filter". */
  filter(values: readonly string[] | undefined) {
    if (!values?.length) return undefined;
    const wanted = new Uint8Array(this.values.length + 1);
    for (const value of values) {
      const code = this.codes.get(value);
      if (code !== undefined) wanted[code] = 1;
    }
    return wanted;
  }
}

/**
 * The catalogue's filterable facts in memory, so a listing's matches, total and facet counts
 * are one scan of a columnar table (listing-table.ts) instead of seven queries (on 10,000 products with 54,000 variants
 * those took 40-120 ms each, far over the budget), and the database only fetches the page's
 * rows by id. Invariant: never stale after a change is announced. Every change the storefront
 * cache hears of (this instance's writes, and every instance's NOTIFY) marks the products it
 * names, or everything, and the next query reloads just those before answering (the table is
 * then built anew from its own rows with those replaced: no second copy of the facts is kept).
 */
export class ListingIndex {
  // Codes only grow (a value no product has any more counts 0 and is left out of facets).
  private readonly codes = byDimension(() => new Codes());
  /** The catalogue's facts; built at each reload, the only copy of them kept. */
  private table?: ListingTable;
  private loaded = false;
  private dirty = new Set<string>();
  private refreshing?: Promise<void>;
  private version = 0;

  constructor(private readonly db: Db) {}

  /** Marks products (or, without ids, the whole catalogue) to be reloaded before next use. */
  changed(ids?: readonly string[]) {
    if (!ids) this.loaded = false;
    else for (const id of ids) this.dirty.add(id);
  }

  /** Every product's id, in no particular order. */
  async allIds() {
    await this.refresh();
    return this.currentTable().allIds();
  }

  async query(
    filter: ListingFilter,
    sortBy: SortKey,
    offset: number,
    limit: number,
  ): Promise<IndexedListing> {
    await this.refresh();
    const { codes, version } = this;
    const table = this.currentTable();
    const selection = table.select({
      ...byDimension((key) => codes[key].filter(filter[key])),
      minPrice: filter.minPrice ?? Number.NEGATIVE_INFINITY,
      maxPrice: filter.maxPrice ?? Number.POSITIVE_INFINITY,
    });
    const descending = sortBy.endsWith('hightolow') || sortBy === 'title-ztoa';
    const sort = sortBy.startsWith('price') ? 'price' : 'title';
    const { ids, total } = table.page(selection, sort, descending, offset, limit);
    // Codes only grow and never change meaning, so naming them later names them right.
    const facets = () => {
      const found = table.facets(selection);
      const named = (dimension: keyof typeof found.counts) => {
        const map = new Map<string, number>();
        found.counts[dimension].forEach((n, code) => {
          if (n > 0) map.set(codes[dimension].values[code]!, n);
        });
        return map;
      };
      return { counts: byDimension(named), price: found.price };
    };
    return { ids, total, version, facets };
  }

  /** The table, there once `refresh()` has resolved. */
  private currentTable() {
    if (!this.table) throw new Error('the listing index is used before it loaded');
    return this.table;
  }

  private tableOf(entries: Entry[]) {
    const { codes } = this;
    return new ListingTable(
      entries,
      byDimension((key) => codes[key].values.length),
      byDimension((key) => codes[key].peek('')),
    );
  }

  /**
   * One reload at a time; changes announced meanwhile wait for the next. A query waits for a
   * reload under way too: `loaded` and `dirty` tell what is asked for, not what has arrived, and
   * the queries of a start-up's first second answered from the empty index (no products).
   */
  private async refresh() {
    while (!this.loaded || this.dirty.size > 0 || this.refreshing) {
      this.refreshing ??= this.reload().finally(() => {
        this.refreshing = undefined;
      });
      await this.refreshing;
    }
  }

  private async reload() {
    const all = !this.loaded;
    const ids = all ? undefined : [...this.dirty];
    this.loaded = true;
    this.dirty.clear();
    try {
      const fresh = await loadEntries(this.db, this.codes, ids);
      // A product asked for and not found is gone: left out with the old facts of the others.
      const replaced = new Set(ids);
      const kept = all
        ? []
        : this.currentTable()
            .entries()
            .filter((e) => !replaced.has(e.id));
      this.table = this.tableOf([...kept, ...fresh.values()]);
      this.version += 1;
    } catch (error) {
      // Try again on the next query rather than answer from a half-known catalogue.
      if (all) this.loaded = false;
      else for (const id of ids!) this.dirty.add(id);
      throw error;
    }
  }
}

type AllCodes = Record<Dimension, Codes>;

/** One value per listing filter dimension, in the contract's order. */
function byDimension<T>(make: (key: Dimension) => T) {
  return Object.fromEntries(listFilterKeys.map((key) => [key, make(key)])) as Record<Dimension, T>;
}

async function loadEntries(db: Db, codes: AllCodes, ids?: string[]) {
  if (ids?.length === 0) return new Map<string, Entry>();
  const [rows, options] = await listingRows(db, ids);
  const entries = new Map<string, Entry>();
  for (const row of rows) {
    // Built property by property in one order, so that every entry shares one hidden class: a
    // spread of an object built in a loop gave each of 10,000 entries a shape of its own
    // (3.4 MB of V8 maps and descriptor arrays).
    const entry = {} as Entry;
    for (const key of productFilterKeys) entry[key] = codes[key].of(row[key]);
    entry.id = row.id;
    entry.priceCents = row.priceCents;
    entry.titleKey = row.titleKey;
    entry.optionSizes = [];
    entry.optionColors = [];
    entries.set(row.id, entry);
  }
  for (const o of options) {
    const entry = entries.get(o.productId);
    if (!entry) continue;
    entry.optionSizes.push(codes.size.of(o.size));
    entry.optionColors.push(codes.color.of(o.color));
  }
  // Arrays grown by push keep room for 17 or more codes; kept for as long as the index is,
  // they are copied to their length (1.9 MB less on 10,000 products).
  for (const entry of entries.values()) {
    if (entry.optionSizes.length === 0) continue;
    entry.optionSizes = entry.optionSizes.slice();
    entry.optionColors = entry.optionColors.slice();
  }
  return entries;
}
