import {
  type Brand,
  brands,
  type Category,
  categories,
  defaultSort,
  type SortKey,
  sortKeys,
} from '@contract/catalog-constants';
import { type Fibre, fibres } from '@contract/garment-constants';

// Listing filters live in the query string and in session storage (SPEC §2): the header menu
// writes them, the listing page reads them.

export type Filters = {
  category?: Category[];
  brand?: Brand[];
  /** Main fibre (issue 28). */
  fibre?: Fibre[];
  size?: string[];
  color?: string[];
  /** Decimal dollars as typed ("19.99"), on the price paid. */
  minPrice?: string;
  maxPrice?: string;
};
const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
// Plain words only: no commas (the URL list separator) and no control characters.
const OPTION = /^[^,\p{Cc}]{1,30}$/u;
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

export function sanitizeFilters(input: {
  category?: unknown;
  brand?: unknown;
  fibre?: unknown;
  size?: unknown;
  color?: unknown;
  minPrice?: unknown;
  maxPrice?: unknown;
}): Filters {
  const pick = <T extends string>(value: unknown, allowed: readonly T[]): T[] =>
    Array.isArray(value) ? value.filter((v): v is T => allowed.includes(v as T)) : [];
  const filters: Filters = {};
  const category = pick(input.category, categories);
  const brand = pick(input.brand, brands);
  if (category.length) filters.category = category;
  if (brand.length) filters.brand = brand;
  const fibre = pick(input.fibre, fibres);
  if (fibre.length) filters.fibre = fibre;
  // Sizes and colours are the catalogue's own words: any short plain value is kept.
  const options = (value: unknown) =>
    Array.isArray(value)
      ? [...new Set(value.filter((v): v is string => typeof v === 'string' && OPTION.test(v)))]
      : [];
  const size = options(input.size).slice(0, 40);
  const color = options(input.color).slice(0, 40);
  if (size.length) filters.size = size;
  if (color.length) filters.color = color;
  const price = (value: unknown) =>
    typeof value === 'string' && PRICE.test(value) ? value : undefined;
  const minPrice = price(input.minPrice);
  const maxPrice = price(input.maxPrice);
  if (minPrice) filters.minPrice = minPrice;
  if (maxPrice && (!minPrice || Number(maxPrice) >= Number(minPrice))) filters.maxPrice = maxPrice;
  return filters;
}

export function filtersToSearchParams(filters: Filters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (filters.category?.length) params.set('category', filters.category.join(','));
  if (filters.brand?.length) params.set('brand', filters.brand.join(','));
  if (filters.fibre?.length) params.set('fibre', filters.fibre.join(','));
  if (filters.size?.length) params.set('size', filters.size.join(','));
  if (filters.color?.length) params.set('color', filters.color.join(','));
  if (filters.minPrice) params.set('minPrice', filters.minPrice);
  if (filters.maxPrice) params.set('maxPrice', filters.maxPrice);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params;
}

export function filtersFromSearchParams(params: URLSearchParams): Filters {
  const list = (key: string) => params.get(key)?.split(',').filter(Boolean) ?? [];
  return sanitizeFilters({
    category: list('category'),
    brand: list('brand'),
    fibre: list('fibre'),
    size: list('size'),
    color: list('color'),
    minPrice: params.get('minPrice') ?? undefined,
    maxPrice: params.get('maxPrice') ?? undefined,
  });
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
