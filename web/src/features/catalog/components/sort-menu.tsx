import { type SortKey, sortOptions } from '@contract/catalog-constants';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SortButton } from './sort-button';

/**
 * 'Sort by' with the four options of SPEC §3 as radio items; the button names the active one.
 * `defaultOpen`: the shopper tapped the button before this code arrived (listing.tsx).
 */
export function SortMenu({
  value,
  onChange,
  defaultOpen,
  onOpenChange,
}: {
  value: SortKey;
  onChange: (sort: SortKey) => void;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <SortButton value={value} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuRadioGroup value={value} onValueChange={(v) => onChange(v as SortKey)}>
          {sortOptions.map((option) => (
            <DropdownMenuRadioItem
              key={option.id}
              value={option.id}
              className="data-[state=checked]:font-semibold"
            >
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
