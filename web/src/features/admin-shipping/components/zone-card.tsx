import { formatMoney } from '@contract/money';
import type { ShippingZone } from '@contract/pricing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';

type Method = ShippingZone['methods'][number];

const days = (m: Method) =>
  m.minDays === m.maxDays ? `${m.minDays} days` : `${m.minDays}–${m.maxDays} days`;

/** How a method is priced, in words: "$5.99, free from $100.00, $3.00 from $50.00". */
function pricing(m: Method) {
  return [
    formatMoney(m.price),
    ...m.tiers.map((t) => `${formatMoney(t.price)} from ${formatMoney(t.minSubtotal)}`),
    ...(m.freeOver === null ? [] : [`free from ${formatMoney(m.freeOver)}`]),
  ].join(', ');
}

/** A zone: where it ships (countries, regions) and each method's price and delivery days. */
export function ZoneCard({
  zone,
  onEdit,
  onDelete,
}: {
  zone: ShippingZone;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="gap-2 pb-3">
        <h2 className="text-lg font-semibold leading-tight">{zone.name}</h2>
        <ul className="flex flex-wrap gap-1" aria-label={`Countries of ${zone.name}`}>
          {zone.countries.map((c) => (
            <li key={c}>
              <Badge variant="secondary">{c}</Badge>
            </li>
          ))}
        </ul>
        {zone.regions.length > 0 ? (
          <p className="text-sm text-muted-foreground">Regions: {zone.regions.join(', ')}</p>
        ) : null}
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="divide-y text-sm" aria-label={`Methods of ${zone.name}`}>
          {zone.methods.map((m) => (
            <li key={m._id} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
              <span className="font-medium">{m.name}</span>
              <span className="text-muted-foreground">{days(m)}</span>
              <span className="basis-full">{pricing(m)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="justify-end gap-2">
        <Button size="sm" onClick={onEdit} aria-label={`Edit ${zone.name}`}>
          Edit
        </Button>
        <Button size="sm" variant="outline" onClick={onDelete} aria-label={`Delete ${zone.name}`}>
          Delete
        </Button>
      </CardFooter>
    </Card>
  );
}
