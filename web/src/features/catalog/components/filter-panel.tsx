import { brands, categories, offers } from '@contract/catalog-constants';
import { fibres } from '@contract/garment-constants';
import type { Facets } from '@contract/listing';
import { type ListFilterKey, listFilterKeys } from '@contract/listing-filters';
import { sortSizes, swatchOf } from '@contract/variant-constants';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { chosenFilterCount, type Filters } from '@/lib/listing-filters';
import { useMediaQuery } from '@/lib/media-query';
import { cn } from '@/lib/utils';
import { filterTitles, filterValueLabel } from './filter-labels';
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

type PanelProps = {
  filters: Filters;
  facets?: Facets | undefined;
  onChange: (filters: Filters, changed: FilterKey) => void;
};

/**
 * 'Filters': Category, Brand, Fabric (main fibre), Offers (on sale), Size, Colour and Price, each
 * value with how many products it would show under the other filters. Always open beside the
 * results from md; on a phone a sheet over the results, closed by "Show N products".
 *
 * The groups are rendered only while they show: a phone's listing would otherwise parse, style
 * and hydrate some 400 hidden elements (a third of the page) before it answers a tap. So the
 * page's HTML carries the panel's heading alone, and a wide screen adds the groups once the
 * page is hydrated, when their boxes start to work anyway.
 */
export function FilterPanel({ total, ...props }: PanelProps & { total?: number | undefined }) {
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery('(min-width: 768px)');
  const count = chosenFilterCount(props.filters);
  return (
    <aside className="rounded-lg border bg-background md:sticky md:top-20" aria-label="Filters">
      <div className={cn('flex items-center justify-between p-4', wide && 'border-b')}>
        <h2 className="text-lg font-extrabold">Filters</h2>
        <Button
          variant="outline"
          size="sm"
          className="md:hidden"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <SlidersHorizontal aria-hidden />
          Show
          {count > 0 && (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
              {count}
            </span>
          )}
        </Button>
      </div>
      {wide && (
        <div className="space-y-4 p-4">
          <FilterGroups {...props} />
        </div>
      )}
      {!wide && (
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetContent side="left" className="w-full pb-0" aria-describedby={undefined}>
            <SheetTitle className="text-lg font-extrabold">Filters</SheetTitle>
            <div className="space-y-4">
              <FilterGroups {...props} />
            </div>
            {/* Filters apply as they are chosen; this shows what they leave and closes. */}
            <div className="sticky bottom-0 -mx-6 mt-auto border-t bg-background p-4">
              <SheetClose asChild>
                <Button className="w-full">
                  {total === undefined
                    ? 'Show products'
                    : `Show ${total} ${total === 1 ? 'product' : 'products'}`}
                </Button>
              </SheetClose>
            </div>
          </SheetContent>
        </Sheet>
      )}
    </aside>
  );
}

function FilterGroups({ filters, facets, onChange }: PanelProps) {
  const contentId = useId();
  // One group per list filter of the contract: a new filter that has none fails the typecheck.
  const optionsOf: Record<ListFilterKey, readonly string[]> = {
    category: categories,
    brand: brands,
    fibre: fibresOf(facets, filters.fibre),
    // Only reductions the shop may announce (a sale price below its prior price) count.
    offer: offers,
    size: valuesOf('size', facets, filters.size),
    color: valuesOf('color', facets, filters.color),
  };
  const groups = listFilterKeys.map((key) => ({
    key,
    title: filterTitles[key],
    options: optionsOf[key],
  }));

  const change = (key: ListFilterKey, value: string) => {
    const next = {
      ...filters,
      [key]: toggle(filters[key] as string[] | undefined, value),
    } as Filters;
    if (!next[key]?.length) delete next[key];
    onChange(next, key);
  };

  return (
    <>
      {groups.map((group) =>
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
                      <span className="min-w-0 flex-1 truncate">
                        {filterValueLabel(group.key, option)}
                      </span>
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
    </>
  );
}
