import { type Brand, brands, type Category, categories } from '@contract/catalog';

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
