import type { Order } from '@contract/orders';
import { type Carrier, carrierLabels, carriers, leftToShip } from '@contract/shipment-constants';
import { variantLabel } from '@contract/variant-constants';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast, toastAnswer } from '@/lib/toast';
import { useCreateShipment } from '../api/create-shipment';

const isCarrier = (s: string): s is Carrier => (carriers as readonly string[]).includes(s);

const units = (lines: Order['cartItems'] | Order['shipments'][number]['lines']) =>
  lines.reduce((n, l) => n + l.quantity, 0);

/** Why nothing is left to ship: every unit shipped, or some (or all) were withdrawn instead. */
function nothingLeft(order: Order) {
  const shipped = order.shipments.reduce((n, s) => n + units(s.lines), 0);
  const withdrawn = units(order.cartItems) - shipped;
  if (withdrawn <= 0) return 'Every item has shipped.';
  const count = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;
  if (shipped === 0) return `Withdrawn before shipping: nothing ships (${count(withdrawn)}).`;
  return `Nothing left to ship: ${count(shipped)} shipped, ${count(withdrawn)} withdrawn.`;
}

/**
 * "Ship items": how many of each line go in this parcel (all that is left by default), the
 * carrier and its tracking. The server checks the quantities again under the order's lock.
 */
export function ShipItemsForm({ order }: { order: Order }) {
  const left = leftToShip(order);
  const open = order.cartItems.filter((i) => (left.get(i.lineId) ?? 0) > 0);
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(open.map((i) => [i.lineId, String(left.get(i.lineId))])),
  );
  const [carrier, setCarrier] = useState<Carrier>('ups');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const ship = useCreateShipment();
  const isShippable =
    ['paid', 'partially_refunded'].includes(order.paymentStatus) &&
    !['cancelled', 'rejected'].includes(order.orderStatus);
  if (!isShippable) return null;
  if (open.length === 0) {
    return <p className="border-t pt-4 text-sm text-muted-foreground">{nothingLeft(order)}</p>;
  }

  const lines = open
    .map((i) => ({ lineId: i.lineId, quantity: Number(quantities[i.lineId] ?? 0) }))
    .filter((l) => l.quantity > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lines.length === 0) {
      toast.error('Choose at least one item to ship');
      return;
    }
    toastAnswer(
      ship.mutateAsync({
        id: order._id,
        lines,
        carrier,
        trackingNumber: trackingNumber.trim(),
        ...(carrier === 'other' ? { trackingUrl: trackingUrl.trim() } : {}),
      }),
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 border-t pt-4" aria-labelledby="ship-items">
      <h3 id="ship-items" className="font-medium">
        Ship items
      </h3>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm text-muted-foreground">Quantity in this parcel</legend>
        {open.map((item) => {
          const id = `ship-qty-${item.lineId}`;
          const remaining = left.get(item.lineId) ?? 0;
          return (
            <div key={item.lineId} className="flex items-center justify-between gap-3 text-sm">
              <label htmlFor={id} className="min-w-0 flex-1">
                {item.title}
                {variantLabel(item) && ` (${variantLabel(item)})`}
                <span className="block text-xs text-muted-foreground">
                  {remaining} of {item.quantity} left to ship
                </span>
              </label>
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                max={remaining}
                step={1}
                className="w-20 shrink-0"
                value={quantities[item.lineId] ?? ''}
                onChange={(e) => setQuantities((q) => ({ ...q, [item.lineId]: e.target.value }))}
              />
            </div>
          );
        })}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="ship-carrier" label="Carrier">
          <NativeSelect
            id="ship-carrier"
            value={carrier}
            onChange={(e) => isCarrier(e.target.value) && setCarrier(e.target.value)}
          >
            {carriers.map((c) => (
              <option key={c} value={c}>
                {carrierLabels[c]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="ship-tracking" label="Tracking number">
          <Input
            id="ship-tracking"
            required
            minLength={3}
            maxLength={40}
            pattern="[A-Za-z0-9][A-Za-z0-9 \-]*"
            title="Letters, digits, spaces or dashes"
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.target.value)}
          />
        </FormField>
      </div>
      {carrier === 'other' ? (
        <FormField
          id="ship-url"
          label="Tracking URL"
          hint="The carrier's https:// page for this parcel"
        >
          <Input
            id="ship-url"
            type="url"
            required
            maxLength={500}
            pattern="https://.+"
            placeholder="https://"
            value={trackingUrl}
            onChange={(e) => setTrackingUrl(e.target.value)}
          />
        </FormField>
      ) : (
        <p className="text-xs text-muted-foreground">
          The tracking link is built from {carrierLabels[carrier]}'s tracking page.
        </p>
      )}
      <Button type="submit" disabled={ship.isPending || lines.length === 0}>
        Ship {lines.reduce((n, l) => n + l.quantity, 0)} item(s)
      </Button>
    </form>
  );
}
