import { brands, categories, maxProductSearch, stockLevels } from '@contract/catalog-constants';
import { useSearchParams } from 'react-router';
import type { ProductFilters } from '../api/get-admin-products';

const oneOf = <T extends string>(list: readonly T[], value: string | null) =>
  list.find((item) => item === value);

/**
 * The product list's search, filters and page, kept in the address (`?search=…&page=2`): a link
 * or a reload shows the same list. What the server would refuse is read as absent.
 */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const filters: ProductFilters = {
    search: (params.get('search') ?? '').trim().slice(0, maxProductSearch) || undefined,
    category: oneOf(categories, params.get('category')),
    brand: oneOf(brands, params.get('brand')),
    stock: oneOf(stockLevels, params.get('stock')),
    page: Math.min(100_000, Math.max(1, Math.trunc(Number(params.get('page'))) || 1)),
  };

  /** Merges `next` into the filters, back to page 1 unless it names one. */
  const apply = (next: Partial<ProductFilters>, options?: { replace?: boolean }) => {
    const merged = { ...filters, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.search) out.set('search', merged.search);
    if (merged.category) out.set('category', merged.category);
    if (merged.brand) out.set('brand', merged.brand);
    if (merged.stock) out.set('stock', merged.stock);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out, options);
  };
  const isFiltered = Boolean(filters.search || filters.category || filters.brand || filters.stock);
  return { filters, apply, isFiltered };
}
