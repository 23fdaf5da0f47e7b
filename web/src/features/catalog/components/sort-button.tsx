import { type SortKey, sortOptions } from '@contract/catalog-constants';
import { ArrowUpDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The 'Sort by' button naming the active sort. The listing shows it at once; its menu
 * (sort-menu.tsx) and the menu library load after the page and take it as their trigger.
 */
export function SortButton({
  value,
  ...props
}: { value: SortKey } & ComponentProps<typeof Button>) {
  const current = sortOptions.find((o) => o.id === value);
  return (
    <Button variant="outline" size="sm" className="gap-1" {...props}>
      <ArrowUpDown aria-hidden />
      <span>
        Sort by: <span className="font-semibold">{current?.label}</span>
      </span>
    </Button>
  );
}
