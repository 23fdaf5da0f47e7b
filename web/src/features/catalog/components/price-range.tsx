import { formatMoney } from '@contract/money';
import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';

const AMOUNT = '^\\d{1,7}(\\.\\d{1,2})?$';

/** Price paid from–to, in dollars; applied with its button (or Enter), not on each key. */
export function PriceRange({
  min,
  max,
  range,
  onChange,
}: {
  min?: string | undefined;
  max?: string | undefined;
  range?: { min: number | null; max: number | null } | undefined;
  onChange: (min: string | undefined, max: string | undefined) => void;
}) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (key: string) => String(data.get(key) ?? '').trim() || undefined;
    onChange(read('minPrice'), read('maxPrice'));
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} key={`${min}-${max}`}>
      <h3 id={`${id}-title`} className="mb-2 text-base font-bold">
        Price
      </h3>
      {range?.min != null && range.max != null && (
        <p className="mb-2 text-xs text-muted-foreground">
          {formatMoney(range.min)} – {formatMoney(range.max)}
        </p>
      )}
      <div className="flex items-center gap-2">
        <PriceInput
          id={`${id}-min`}
          name="minPrice"
          label="Minimum price in dollars"
          placeholder="Min"
          value={min}
        />
        <span aria-hidden>–</span>
        <PriceInput
          id={`${id}-max`}
          name="maxPrice"
          label="Maximum price in dollars"
          placeholder="Max"
          value={max}
        />
      </div>
      <Button type="submit" variant="outline" size="sm" className="mt-2 w-full">
        Apply price
      </Button>
    </form>
  );
}

function PriceInput({
  id,
  name,
  label,
  placeholder,
  value,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  value: string | undefined;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        inputMode="decimal"
        pattern={AMOUNT}
        defaultValue={value ?? ''}
        placeholder={placeholder}
        className="h-9 w-full min-w-0 rounded-md border px-2 text-sm"
      />
    </>
  );
}
