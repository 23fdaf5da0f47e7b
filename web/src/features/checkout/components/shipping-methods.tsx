import { formatMoney } from '@contract/money';
import type { ShippingMethodOption } from '@contract/pricing';
import { arrivalDates, deliveryDays } from '@/lib/delivery-days';

type Props = {
  methods: ShippingMethodOption[];
  value: string | null;
  onChange: (methodId: string) => void;
};

/**
 * The methods that ship to the address, each with its price for this cart, how long it takes
 * and the dates it should arrive between.
 */
export function ShippingMethods({ methods, value, onChange }: Props) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Shipping method</legend>
      {methods.map((m) => (
        <label
          key={m._id}
          className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
        >
          <input
            type="radio"
            name="shipping-method"
            value={m._id}
            checked={value === m._id}
            onChange={() => onChange(m._id)}
            className="size-4 shrink-0 accent-primary"
          />
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{m.name}</span>
            <span className="block text-xs text-muted-foreground">{arrivalDates(m)}</span>
            <span className="block text-xs text-muted-foreground">{deliveryDays(m)}</span>
          </span>
          <span className="whitespace-nowrap font-medium tabular-nums">
            {m.price > 0 ? formatMoney(m.price) : 'Free'}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
