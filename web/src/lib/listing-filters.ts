import { defaultSort, type SortKey, sortKeys } from '@contract/catalog-constants';
import {
  isOptionValue,
  type ListFilterKey,
  type ListingFilters,
  listFilterKeys,
  listingFilterLimits,
  optionFilterKeys,
  priceAmountPattern,
  priceFilterKeys,
  productFilterKeys,
  productFilters,
  splitListValue,
} from '@contract/listing-filters';

// Listing filters live in the query string and in session storage (SPEC §2): the header menu
// writes them, the listing page reads them. Which filters there are and what each takes is the
// contract's (listing-filters.ts); this keeps what the server would take and drops the rest.

/** Prices are decimal dollars as typed ("19.99"), on the price paid. */
export type Filters = ListingFilters<string>;
const STORAGE_KEY = 'filters';

export function readStoredFilters(): Filters {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Filters | null) : null;
    return sanitizeFilters(parsed ?? {});
  } catch {
    return {};
  }
}

export function storeFilters(filters: Filters | null) {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(filters));
}

export function sanitizeFilters(input: Partial<Record<keyof Filters, unknown>>): Filters {
  const filters: Filters = {};
  const kept = filters as Record<ListFilterKey, string[]>;
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  for (const key of productFilterKeys) {
    const allowed: readonly string[] = productFilters[key];
    const values = [...new Set(strings(input[key]).filter((v) => allowed.includes(v)))];
    if (values.length) kept[key] = values;
  }
  // Sizes and colours are the catalogue's own words: any short plain value is kept.
  for (const key of optionFilterKeys) {
    const values = [...new Set(strings(input[key]).filter(isOptionValue))];
    if (values.length) kept[key] = values.slice(0, listingFilterLimits.optionValues);
  }
  const [minPrice, maxPrice] = priceFilterKeys.map((key) => {
    const value = input[key];
    return typeof value === 'string' && priceAmountPattern.test(value) ? value : undefined;
  });
  if (minPrice) filters.minPrice = minPrice;
  if (maxPrice && (!minPrice || Number(maxPrice) >= Number(minPrice))) filters.maxPrice = maxPrice;
  return filters;
}

export function filtersToSearchParams(filters: Filters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const key of listFilterKeys) {
    const values = filters[key];
    if (values?.length) params.set(key, values.join(','));
  }
  for (const key of priceFilterKeys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params;
}

export function filtersFromSearchParams(params: URLSearchParams): Filters {
  const given: Partial<Record<keyof Filters, unknown>> = {};
  for (const key of listFilterKeys) given[key] = splitListValue(params.get(key) ?? '');
  for (const key of priceFilterKeys) given[key] = params.get(key) ?? undefined;
  return sanitizeFilters(given);
}

/** The whole listing state of a URL: filters, sort (default price-lowtohigh) and page. */
export type ListingState = { filters: Filters; sortBy: SortKey; page: number };

export function listingFromSearchParams(params: URLSearchParams): ListingState {
  const sort = params.get('sortBy');
  const page = Number(params.get('page'));
  return {
    filters: filtersFromSearchParams(params),
    sortBy: sortKeys.includes(sort as SortKey) ? (sort as SortKey) : defaultSort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a listing state; defaults are left out so URLs stay short. */
export function listingToSearchParams({ filters, sortBy, page }: ListingState) {
  const extra: Record<string, string> = {};
  if (sortBy !== defaultSort) extra.sortBy = sortBy;
  if (page > 1) extra.page = String(page);
  return filtersToSearchParams(filters, extra);
}

/** How many filter values are chosen (a price range counts once): the filter button's count. */
export function chosenFilterCount(filters: Filters) {
  return listFilterKeys.reduce(
    (n, key) => n + (filters[key]?.length ?? 0),
    filters.minPrice || filters.maxPrice ? 1 : 0,
  );
}

/**
 * A listing the shop links to and search engines index: the whole catalogue, one category,
 * one brand or one of each, in the default order, any page. Any other is a shopper's own
 * selection, whose server HTML is the listing's frame, its products drawn in the browser
 * (entry-server.tsx `pageKey`).
 */
export function isLinkedListing({ filters, sortBy }: ListingState) {
  return (
    sortBy === defaultSort &&
    Object.entries(filters).every(
      ([key, values]) =>
        (key === 'category' || key === 'brand') && Array.isArray(values) && values.length === 1,
    )
  );
}
