import {
  brandLabels,
  brands,
  categories,
  categoryLabels,
  maxProductSearch,
  stockLevelLabels,
  stockLevels,
} from '@contract/catalog-constants';
import { type FormEvent, useState } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ProductFilters } from '../api/get-admin-products';

type Values = { search: string; category: string; brand: string; stock: string };
const toValues = (f: Partial<ProductFilters>): Values => ({
  search: f.search ?? '',
  category: f.category ?? '',
  brand: f.brand ?? '',
  stock: f.stock ?? '',
});

/**
 * Search (title, brand or SKU), category, brand and stock. A choice in a list applies at once;
 * typed text applies with Search (or Enter).
 */
export function ProductFiltersForm({
  filters,
  onApply,
}: {
  filters: ProductFilters;
  onApply: (next: Partial<ProductFilters>) => void;
}) {
  const [values, setValues] = useState(() => toValues(filters));
  const apply = (v: Values) =>
    onApply({
      search: v.search.trim().slice(0, maxProductSearch) || undefined,
      category: categories.find((c) => c === v.category),
      brand: brands.find((b) => b === v.brand),
      stock: stockLevels.find((s) => s === v.stock),
    });
  const choose = (key: keyof Values) => (e: { target: { value: string } }) => {
    const next = { ...values, [key]: e.target.value };
    setValues(next);
    apply(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(values);
  };
  const clear = () => {
    const none = toValues({});
    setValues(none);
    apply(none);
  };
  const isClear = !values.search && !values.category && !values.brand && !values.stock;

  return (
    <form
      onSubmit={submit}
      aria-label="Find products"
      className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end"
    >
      <div className="col-span-2 grid min-w-0 gap-1.5 lg:col-span-1">
        <Label htmlFor="products-search">Search by title, brand or SKU</Label>
        <Input
          id="products-search"
          type="search"
          maxLength={maxProductSearch}
          placeholder="Title, brand or SKU"
          value={values.search}
          onChange={(e) => setValues((v) => ({ ...v, search: e.target.value }))}
        />
      </div>
      <FilterSelect
        id="products-category"
        label="Category"
        any="All categories"
        values={categories}
        labels={categoryLabels}
        value={values.category}
        onChange={choose('category')}
      />
      <FilterSelect
        id="products-brand"
        label="Brand"
        any="All brands"
        values={brands}
        labels={brandLabels}
        value={values.brand}
        onChange={choose('brand')}
      />
      <FilterSelect
        id="products-stock"
        label="Stock"
        any="Any stock"
        values={stockLevels}
        labels={stockLevelLabels}
        value={values.stock}
        onChange={choose('stock')}
        className="col-span-2 sm:col-span-1"
      />
      <div className="col-span-2 flex items-end gap-2 sm:col-span-1 lg:justify-end">
        <Button type="submit">Search</Button>
        <Button type="button" variant="outline" onClick={clear} disabled={isClear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
