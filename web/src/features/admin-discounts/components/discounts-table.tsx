import { brandLabels, categoryLabels } from '@contract/catalog-constants';
import { formatMoney } from '@contract/money';
import type { Discount } from '@contract/pricing';
import { RowActions } from '@/components/settings-page';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

type Props = {
  discounts: Discount[];
  onEdit: (d: Discount) => void;
  onDelete: (d: Discount) => void;
};

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function amount(d: Discount) {
  if (d.type === 'freeShipping') return 'Free shipping';
  return d.type === 'percent' ? `${d.value}% off` : `${formatMoney(d.value)} off`;
}

/** Minimum and scope: "min $50.00 · Men, Nike", or "Any cart". */
function conditions(d: Discount) {
  const scope = [
    ...d.categories.map((c) => categoryLabels[c as keyof typeof categoryLabels] ?? c),
    ...d.brands.map((b) => brandLabels[b as keyof typeof brandLabels] ?? b),
  ];
  const parts = [
    ...(d.minSubtotal > 0 ? [`min ${formatMoney(d.minSubtotal)}`] : []),
    ...(scope.length ? [scope.join(', ')] : []),
  ];
  return parts.length ? parts.join(' · ') : 'Any cart';
}

function limits(d: Discount) {
  const parts = [
    ...(d.usageLimit === null ? [] : [`${d.usageLimit} total`]),
    ...(d.perCustomerLimit === null ? [] : [`${d.perCustomerLimit} each`]),
  ];
  return parts.length ? parts.join(' · ') : 'No limit';
}

function dates(d: Discount) {
  const from = d.startsAt ? day.format(new Date(d.startsAt)) : null;
  const to = d.endsAt ? day.format(new Date(d.endsAt)) : null;
  if (from && to) return `${from} – ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Until ${to}`;
  return 'Always';
}

const exactDates = (d: Discount) =>
  [
    d.startsAt ? `Starts ${moment.format(new Date(d.startsAt))}` : '',
    d.endsAt ? `Ends ${moment.format(new Date(d.endsAt))}` : '',
  ]
    .filter(Boolean)
    .join(', ') || undefined;

function Status({ discount: d }: { discount: Discount }) {
  const now = Date.now();
  if (d.startsAt && Date.parse(d.startsAt) > now) return <Badge variant="outline">Scheduled</Badge>;
  if (d.endsAt && Date.parse(d.endsAt) <= now) return <Badge variant="secondary">Expired</Badge>;
  if (d.usageLimit !== null && d.uses >= d.usageLimit) {
    return <Badge variant="secondary">Used up</Badge>;
  }
  return <Badge variant="success">Active</Badge>;
}

function Actions({
  discount,
  onEdit,
  onDelete,
}: { discount: Discount } & Omit<Props, 'discounts'>) {
  return (
    <RowActions
      name={discount.code}
      onEdit={() => onEdit(discount)}
      onDelete={() => onDelete(discount)}
    />
  );
}

/**
 * Codes with their rules and results (paid orders only): a table from 1024 px, cards below it
 * so a phone shows every figure without scrolling sideways.
 */
export function DiscountsTable({ discounts, onEdit, onDelete }: Props) {
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2 lg:hidden" aria-label="Discount codes">
        {discounts.map((d) => (
          <li key={d._id} className="rounded-lg border bg-background p-4">
            <div className="flex items-center justify-between gap-2">
              <span className="font-mono font-semibold">{d.code}</span>
              <Status discount={d} />
            </div>
            <p className="mt-1 font-medium">{amount(d)}</p>
            <p className="text-sm text-muted-foreground">{conditions(d)}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Dates</dt>
              <dd className="text-right" title={exactDates(d)}>
                {dates(d)}
              </dd>
              <dt className="text-muted-foreground">Limits</dt>
              <dd className="text-right">{limits(d)}</dd>
              <dt className="text-muted-foreground">Uses</dt>
              <dd className="text-right tabular-nums">{d.uses}</dd>
              <dt className="text-muted-foreground">Revenue</dt>
              <dd className="text-right tabular-nums">{formatMoney(d.revenue)}</dd>
              <dt className="text-muted-foreground">Discount given</dt>
              <dd className="text-right tabular-nums">{formatMoney(d.discountGiven)}</dd>
            </dl>
            <div className="mt-3">
              <Actions discount={d} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
      <Table className="hidden lg:table">
        <caption className="sr-only">Discount codes</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Code</TableHead>
            <TableHead>Discount</TableHead>
            <TableHead>Dates</TableHead>
            <TableHead>Limits</TableHead>
            <TableHead className="text-right">Uses</TableHead>
            <TableHead className="text-right">Revenue</TableHead>
            <TableHead className="text-right">Discount given</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {discounts.map((d) => (
            <TableRow key={d._id}>
              <TableCell>
                <div className="flex flex-col items-start gap-1">
                  <span className="font-mono font-semibold">{d.code}</span>
                  <Status discount={d} />
                </div>
              </TableCell>
              <TableCell>
                <div className="font-medium">{amount(d)}</div>
                <div className="text-xs text-muted-foreground">{conditions(d)}</div>
              </TableCell>
              <TableCell title={exactDates(d)}>{dates(d)}</TableCell>
              <TableCell>{limits(d)}</TableCell>
              <TableCell className="text-right tabular-nums">{d.uses}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(d.revenue)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatMoney(d.discountGiven)}
              </TableCell>
              <TableCell>
                <Actions discount={d} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
