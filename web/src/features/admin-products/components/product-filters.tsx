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
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
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
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="products-category">Category</Label>
        <NativeSelect id="products-category" value={values.category} onChange={choose('category')}>
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {categoryLabels[c]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="products-brand">Brand</Label>
        <NativeSelect id="products-brand" value={values.brand} onChange={choose('brand')}>
          <option value="">All brands</option>
          {brands.map((b) => (
            <option key={b} value={b}>
              {brandLabels[b]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="col-span-2 grid min-w-0 gap-1.5 sm:col-span-1">
        <Label htmlFor="products-stock">Stock</Label>
        <NativeSelect id="products-stock" value={values.stock} onChange={choose('stock')}>
          <option value="">Any stock</option>
          {stockLevels.map((s) => (
            <option key={s} value={s}>
              {stockLevelLabels[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="col-span-2 flex items-end gap-2 sm:col-span-1 lg:justify-end">
        <Button type="submit">Search</Button>
        <Button type="button" variant="outline" onClick={clear} disabled={isClear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
