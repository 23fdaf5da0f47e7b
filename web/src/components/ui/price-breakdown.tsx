import { formatMoney } from '@contract/money';
import type { TaxLine } from '@contract/pricing';
import { cn } from '@/lib/utils';

/** The figures of a quote or of an order, as both show them (the checkout and order details). */
export type Breakdown = {
  subtotal: number;
  discount: number;
  discountCode: string | null;
  shipping: number;
  shippingName: string | null;
  tax: number;
  taxLines: TaxLine[];
  pricesIncludeTax: boolean;
  total: number;
};

const percent = (rate: number) => `${Number(rate.toFixed(3))}%`;

type Row = { label: string; value: string; id: string };

function rowsOf(b: Breakdown): { rows: Row[]; included: Row[] } {
  const rows: Row[] = [{ id: 'subtotal', label: 'Subtotal', value: formatMoney(b.subtotal) }];
  if (b.discount > 0) {
    rows.push({
      id: 'discount',
      label: b.discountCode ? `Discount (${b.discountCode})` : 'Discount',
      value: `−${formatMoney(b.discount)}`,
    });
  }
  rows.push({
    id: 'shipping',
    label: b.shippingName ? `Shipping (${b.shippingName})` : 'Shipping',
    value: b.shipping > 0 ? formatMoney(b.shipping) : 'Free',
  });
  const taxes = b.taxLines.map((t, i) => ({
    id: `tax-${i}`,
    name: `${t.name} ${percent(t.rate)}`,
    value: formatMoney(t.amount),
  }));
  // Prices that contain the tax show it as a note under the total, not as a line added to it.
  if (b.pricesIncludeTax) {
    return { rows, included: taxes.map((t) => ({ ...t, label: `Includes ${t.name}` })) };
  }
  if (taxes.length === 0) rows.push({ id: 'tax', label: 'Tax', value: formatMoney(b.tax) });
  for (const t of taxes) rows.push({ ...t, label: `Tax (${t.name})` });
  return { rows, included: [] };
}

/**
 * Subtotal, discount, shipping, tax and total: exactly the server's figures, never recomputed
 * here (the order's and PayPal's total are the quote's).
 */
export function PriceBreakdown({
  breakdown,
  label,
  className,
}: {
  breakdown: Breakdown;
  label: string;
  className?: string;
}) {
  const { rows, included } = rowsOf(breakdown);
  return (
    <dl aria-label={label} className={cn('grid gap-1.5 text-sm', className)}>
      {rows.map((r) => (
        <div key={r.id} className="flex justify-between gap-4">
          <dt className="min-w-0 text-muted-foreground">{r.label}</dt>
          <dd className="whitespace-nowrap tabular-nums">{r.value}</dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t pt-3 text-base font-bold">
        <dt>Total</dt>
        <dd className="whitespace-nowrap tabular-nums">{formatMoney(breakdown.total)}</dd>
      </div>
      {included.map((r) => (
        <div key={r.id} className="flex justify-between gap-4 text-xs text-muted-foreground">
          <dt>{r.label}</dt>
          <dd className="whitespace-nowrap tabular-nums">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
