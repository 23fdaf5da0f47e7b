import { brandLabels, brands, categories, categoryLabels } from '@contract/catalog-constants';
import { type Fibre, fibreLabels, fibres } from '@contract/garment-constants';
import type { Facets } from '@contract/listing';
import { type ListFilterKey, listFilterKeys } from '@contract/listing-filters';
import { sortSizes, swatchOf } from '@contract/variant-constants';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { chosenFilterCount, type Filters } from '@/lib/listing-filters';
import { useMediaQuery } from '@/lib/media-query';
import { cn } from '@/lib/utils';
import { PriceRange } from './price-range';

export type FilterKey = keyof Filters;

function toggle(list: string[] | undefined, value: string): string[] {
  const current = list ?? [];
  return current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
}

/** The values a group offers: the facet's (those with products) and whatever is chosen. */
function valuesOf(key: 'size' | 'color', facets: Facets | undefined, chosen: string[] = []) {
  const all = [...Object.keys(facets?.[key] ?? {}), ...chosen];
  return key === 'size' ? sortSizes(all) : [...new Set(all)].sort();
}

/** Fibres some product has as its main one, and whatever is chosen, in the list's order. */
function fibresOf(facets: Facets | undefined, chosen: string[] = []) {
  const shown = new Set([...Object.keys(facets?.fibre ?? {}), ...chosen]);
  return fibres.filter((f) => shown.has(f));
}

/**
 * 'Filters': Category, Brand, Fabric (main fibre), Size, Colour and Price, each value with how many products it
 * would show under the other filters. Folded on phones, always open from md.
 *
 * The groups are rendered only while they show: a phone's listing would otherwise parse, style
 * and hydrate some 400 hidden elements (a third of the page) before it answers a tap. So the
 * page's HTML carries the panel's heading alone, and a wide screen adds the groups once the
 * page is hydrated, when their boxes start to work anyway.
 */
export function FilterPanel({
  filters,
  facets,
  onChange,
}: {
  filters: Filters;
  facets?: Facets | undefined;
  onChange: (filters: Filters, changed: FilterKey) => void;
}) {
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery('(min-width: 768px)');
  const shown = open || wide;
  const contentId = useId();
  const count = chosenFilterCount(filters);
  // One group per list filter of the contract: a new filter that has none fails the typecheck.
  const groupOf: Record<
    ListFilterKey,
    { title: string; options: readonly string[]; label: (v: string) => string }
  > = {
    category: {
      title: 'Category',
      options: categories,
      label: (v) => categoryLabels[v as keyof typeof categoryLabels],
    },
    brand: {
      title: 'Brand',
      options: brands,
      label: (v) => brandLabels[v as keyof typeof brandLabels],
    },
    fibre: {
      title: 'Fabric',
      options: fibresOf(facets, filters.fibre),
      label: (v) => fibreLabels[v as Fibre],
    },
    size: { title: 'Size', options: valuesOf('size', facets, filters.size), label: (v) => v },
    color: { title: 'Colour', options: valuesOf('color', facets, filters.color), label: (v) => v },
  };
  const groups = listFilterKeys.map((key) => ({ key, ...groupOf[key] }));

  const change = (key: ListFilterKey, value: string) => {
    const next = {
      ...filters,
      [key]: toggle(filters[key] as string[] | undefined, value),
    } as Filters;
    if (!next[key]?.length) delete next[key];
    onChange(next, key);
  };

  return (
    <aside className="rounded-lg border bg-background md:sticky md:top-20" aria-label="Filters">
      <div className={cn('flex items-center justify-between p-4', shown && 'border-b')}>
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
      <div id={contentId} className={shown ? 'space-y-4 p-4' : 'hidden'}>
        {shown &&
          groups.map((group) =>
            group.options.length === 0 ? null : (
              <fieldset key={group.key}>
                <legend className="mb-2 text-base font-bold">{group.title}</legend>
                <div
                  className={cn(
                    'grid grid-cols-2 gap-2',
                    group.key === 'size' ? 'md:grid-cols-2' : 'md:grid-cols-1',
                  )}
                >
                  {group.options.map((option, index) => {
                    const checked =
                      (filters[group.key] as string[] | undefined)?.includes(option) ?? false;
                    const n = facets?.[group.key][option] ?? 0;
                    // The count sits outside the label: the box is named by its value alone
                    // ("Men") and described by its count ("3 products").
                    const countId = `${contentId}-${group.key}-${index}`;
                    return (
                      <div
                        key={option}
                        className={cn(
                          'flex items-center gap-2 text-sm font-medium',
                          facets && n === 0 && !checked && 'text-muted-foreground',
                        )}
                      >
                        <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2">
                          <input
                            type="checkbox"
                            className="size-4 accent-black"
                            checked={checked}
                            aria-describedby={facets ? countId : undefined}
                            onChange={() => change(group.key, option)}
                          />
                          {group.key === 'color' && (
                            <span
                              aria-hidden
                              className="size-3.5 rounded-full border border-black/20"
                              style={{ background: swatchOf(option) }}
                            />
                          )}
                          <span className="min-w-0 flex-1 truncate">{group.label(option)}</span>
                        </label>
                        {facets && (
                          <span id={countId} className="text-xs tabular-nums text-muted-foreground">
                            {n}
                            <span className="sr-only"> products</span>
                          </span>
                        )}
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            ),
          )}
        {shown && (
          <PriceRange
            min={filters.minPrice}
            max={filters.maxPrice}
            range={facets?.price}
            onChange={(minPrice, maxPrice) => {
              const next: Filters = { ...filters, minPrice, maxPrice };
              if (!minPrice) delete next.minPrice;
              if (!maxPrice) delete next.maxPrice;
              onChange(next, 'minPrice');
            }}
          />
        )}
      </div>
    </aside>
  );
}
