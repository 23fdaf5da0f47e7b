import type { CustomerSummary } from '@contract/customers';
import { formatMoney } from '@contract/money';
import { pages } from '@contract/pages';
import { Link } from 'react-router';

export const customerPath = (id: string) => pages.adminCustomer.replace(':id', id);
export const dateOnly = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** Customers as cards on a phone and as rows of one grid from 640 px up. */
export function CustomerList({ customers }: { customers: CustomerSummary[] }) {
  const columns =
    'sm:grid sm:grid-cols-[minmax(0,2fr)_5rem_6rem_7rem_7rem] sm:items-center sm:gap-3';
  return (
    <div className="grid gap-2">
      <div
        aria-hidden
        className={`hidden px-3 text-xs font-medium text-muted-foreground ${columns}`}
      >
        <span>Customer</span>
        <span className="text-right">Orders</span>
        <span className="text-right">Spent</span>
        <span>Last order</span>
        <span>Joined</span>
      </div>
      <ul className="grid gap-2" aria-label="Customers">
        {customers.map((c) => (
          <li key={c._id}>
            <Link
              to={customerPath(c._id)}
              className={`block rounded-md border p-3 text-sm hover:bg-muted ${columns}`}
            >
              <span className="block min-w-0">
                <span className="block truncate font-medium">{c.userName}</span>
                <span className="block truncate text-muted-foreground">{c.email || '—'}</span>
              </span>
              <span className="mt-2 flex justify-between sm:mt-0 sm:block sm:text-right">
                <span className="text-muted-foreground sm:hidden">Orders</span>
                {c.ordersCount}
              </span>
              <span className="flex justify-between sm:block sm:text-right">
                <span className="text-muted-foreground sm:hidden">Spent</span>
                {formatMoney(c.totalSpent)}
              </span>
              <span className="flex justify-between sm:block">
                <span className="text-muted-foreground sm:hidden">Last order</span>
                {dateOnly(c.lastOrderAt)}
              </span>
              <span className="flex justify-between sm:block">
                <span className="text-muted-foreground sm:hidden">Joined</span>
                {dateOnly(c.joinedAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
