import { listFilterKeys } from '@contract/listing-filters';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { chosenFilterCount, type Filters } from '@/lib/listing-filters';
import { filterTitles, filterValueLabel } from './filter-labels';
import type { FilterKey } from './filter-panel';

type Chip = { key: string; label: string; remove: () => [Filters, FilterKey] };

/** One chip per chosen value, the price range as one, each removing only itself. */
function chipsOf(filters: Filters): Chip[] {
  const chips: Chip[] = [];
  for (const key of listFilterKeys) {
    for (const value of filters[key] ?? []) {
      chips.push({
        key: `${key}:${value}`,
        // A size or colour alone ("M", "Black") is named with its group.
        label:
          key === 'size' || key === 'color'
            ? `${filterTitles[key]}: ${value}`
            : filterValueLabel(key, value),
        remove: () => {
          const rest = (filters[key] as string[]).filter((v) => v !== value);
          const next = { ...filters, [key]: rest } as Filters;
          if (rest.length === 0) delete next[key];
          return [next, key];
        },
      });
    }
  }
  const { minPrice, maxPrice } = filters;
  if (minPrice || maxPrice) {
    const label =
      minPrice && maxPrice
        ? `$${minPrice}–$${maxPrice}`
        : minPrice
          ? `From $${minPrice}`
          : `Up to $${maxPrice}`;
    chips.push({
      key: 'price',
      label,
      remove: () => {
        const { minPrice: _min, maxPrice: _max, ...rest } = filters;
        return [rest, 'minPrice'];
      },
    });
  }
  return chips;
}

/** The active filters above the results, as chips that remove themselves, and "Clear all". */
export function ActiveFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: Filters;
  onChange: (filters: Filters, changed: FilterKey) => void;
  onClear: () => void;
}) {
  if (chosenFilterCount(filters) === 0) return null;
  const chips = chipsOf(filters);
  return (
    <ul
      className="flex flex-wrap items-center gap-2 border-b px-4 py-3"
      aria-label="Active filters"
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-full border bg-muted px-3 py-1 text-sm font-medium hover:bg-muted/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => onChange(...chip.remove())}
          >
            {chip.label}
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
      <li>
        <Button variant="link" size="sm" className="h-auto px-1" onClick={onClear}>
          Clear all
        </Button>
      </li>
    </ul>
  );
}
