import type { Address } from '@contract/addresses';
import { postcodeLabel } from '@contract/delivery-place';
import { listedRegionName } from '@contract/listed-regions';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { countryName } from '@/lib/countries';
import { cn } from '@/lib/utils';

type Props = {
  address: Address;
  onEdit: () => void;
  onDelete: () => void;
  /** When the card is used to pick the delivery address (checkout). */
  onSelect?: () => void;
  isSelected?: boolean;
};

export function AddressCard({ address, onEdit, onDelete, onSelect, isSelected = false }: Props) {
  return (
    <article
      className={cn(
        'flex flex-col gap-3 rounded-lg bg-card p-4 text-sm shadow-sm',
        isSelected ? 'border-2 border-primary' : 'border',
      )}
      aria-label={`Address: ${address.address}`}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-words">
        <dt className="font-medium">Address</dt>
        <dd className="min-w-0">{address.address}</dd>
        <dt className="font-medium">City</dt>
        <dd className="min-w-0">{address.city}</dd>
        <dt className="font-medium">Country</dt>
        <dd className="min-w-0">
          {countryName(address.country)}
          {address.region && ` · ${listedRegionName(address.country, address.region)}`}
        </dd>
        <dt className="font-medium">{postcodeLabel(address.country)}</dt>
        <dd className="min-w-0">{address.pincode}</dd>
        <dt className="font-medium">Phone</dt>
        <dd className="min-w-0">{address.phone}</dd>
        <dt className="font-medium">Notes</dt>
        <dd className="min-w-0 whitespace-pre-line">{address.notes}</dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        {onSelect && (
          <Button
            size="sm"
            variant={isSelected ? 'default' : 'outline'}
            aria-pressed={isSelected}
            onClick={onSelect}
          >
            {isSelected && <Check aria-hidden />}
            {isSelected ? 'Selected' : 'Deliver here'}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="outline" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </article>
  );
}
