import {
  type Brand,
  brandLabels,
  brands,
  type Category,
  categories,
  categoryLabels,
} from '@contract/catalog-constants';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Filters } from '@/lib/listing-filters';
import { cn } from '@/lib/utils';

export type FilterKey = keyof Filters;

const groups = [
  { key: 'category', title: 'Category', options: categories, labels: categoryLabels },
  { key: 'brand', title: 'Brand', options: brands, labels: brandLabels },
] as const;

function toggle<T extends string>(list: T[] | undefined, value: T): T[] {
  const current = list ?? [];
  return current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
}

/** 'Filters': Category and Brand checkbox groups. Folded on phones, always open from md. */
export function FilterPanel({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (filters: Filters, changed: FilterKey) => void;
}) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const count = (filters.category?.length ?? 0) + (filters.brand?.length ?? 0);

  const change = (key: FilterKey, value: string) => {
    const next: Filters = { ...filters };
    if (key === 'category') next.category = toggle(filters.category, value as Category);
    else next.brand = toggle(filters.brand, value as Brand);
    if (!next[key]?.length) delete next[key];
    onChange(next, key);
  };

  return (
    <aside className="rounded-lg border bg-background md:sticky md:top-20" aria-label="Filters">
      <div className={cn('flex items-center justify-between p-4 md:border-b', open && 'border-b')}>
        <h2 className="text-lg font-extrabold">Filters</h2>
        <Button
          variant="outline"
          size="sm"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden />
          {open ? 'Hide' : 'Show'}
          {count > 0 && (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
              {count}
            </span>
          )}
        </Button>
      </div>
      <div id={contentId} className={cn('space-y-4 p-4', open ? 'block' : 'hidden md:block')}>
        {groups.map((group) => (
          <fieldset key={group.key}>
            <legend className="mb-2 text-base font-bold">{group.title}</legend>
            <div className="grid grid-cols-2 gap-2 md:grid-cols-1">
              {group.options.map((option) => {
                const checked =
                  (filters[group.key] as string[] | undefined)?.includes(option) ?? false;
                return (
                  <label
                    key={option}
                    className="flex cursor-pointer items-center gap-2 text-sm font-medium"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-black"
                      checked={checked}
                      onChange={() => change(group.key, option)}
                    />
                    {(group.labels as Record<string, string>)[option]}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
    </aside>
  );
}
