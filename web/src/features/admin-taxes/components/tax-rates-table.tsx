import type { TaxRate } from '@contract/pricing';
import { RowActions } from '@/components/settings-page';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

type Props = { rates: TaxRate[]; onEdit: (r: TaxRate) => void; onDelete: (r: TaxRate) => void };

const where = (r: TaxRate) => (r.region ? `${r.country}-${r.region}` : r.country);

function Actions({ rate, onEdit, onDelete }: { rate: TaxRate } & Omit<Props, 'rates'>) {
  return (
    <RowActions
      name={`${rate.name} (${where(rate)})`}
      onEdit={() => onEdit(rate)}
      onDelete={() => onDelete(rate)}
    />
  );
}

/** Rates by country and region: a table from 640 px, a list of cards below it. */
export function TaxRatesTable({ rates, onEdit, onDelete }: Props) {
  return (
    <>
      <ul className="grid gap-3 sm:hidden" aria-label="Tax rates">
        {rates.map((rate) => (
          <li key={rate._id} className="rounded-lg border bg-background p-4">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-semibold">{where(rate)}</span>
              <span className="text-lg font-bold">{rate.rate}%</span>
            </div>
            <p className="text-sm text-muted-foreground">
              {rate.name} · {rate.taxShipping ? 'shipping taxed' : 'shipping not taxed'}
            </p>
            <div className="mt-3">
              <Actions rate={rate} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
      <Table className="hidden sm:table">
        <caption className="sr-only">Tax rates</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Country</TableHead>
            <TableHead>Region</TableHead>
            <TableHead>Name</TableHead>
            <TableHead className="text-right">Rate</TableHead>
            <TableHead>Shipping</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rates.map((rate) => (
            <TableRow key={rate._id}>
              <TableCell className="font-medium">{rate.country}</TableCell>
              <TableCell>{rate.region || 'All'}</TableCell>
              <TableCell>{rate.name}</TableCell>
              <TableCell className="text-right tabular-nums">{rate.rate}%</TableCell>
              <TableCell>{rate.taxShipping ? 'Taxed' : 'Not taxed'}</TableCell>
              <TableCell>
                <Actions rate={rate} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
