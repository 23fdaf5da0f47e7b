import {
  type Brand,
  brands,
  type Category,
  categories,
  defaultSort,
  type SortKey,
  sortKeys,
} from '@contract/catalog-constants';

// Listing filters live in the query string and in session storage (SPEC §2): the header menu
// writes them, the listing page reads them.

export type Filters = { category?: Category[]; brand?: Brand[] };
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

export function sanitizeFilters(input: { category?: unknown; brand?: unknown }): Filters {
  const pick = <T extends string>(value: unknown, allowed: readonly T[]): T[] =>
    Array.isArray(value) ? value.filter((v): v is T => allowed.includes(v as T)) : [];
  const filters: Filters = {};
  const category = pick(input.category, categories);
  const brand = pick(input.brand, brands);
  if (category.length) filters.category = category;
  if (brand.length) filters.brand = brand;
  return filters;
}

export function filtersToSearchParams(filters: Filters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (filters.category?.length) params.set('category', filters.category.join(','));
  if (filters.brand?.length) params.set('brand', filters.brand.join(','));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params;
}

export function filtersFromSearchParams(params: URLSearchParams): Filters {
  const list = (key: string) => params.get(key)?.split(',').filter(Boolean) ?? [];
  return sanitizeFilters({ category: list('category'), brand: list('brand') });
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
