import type { OrderCustomer } from '@contract/orders';
import { pages } from '@contract/pages';
import { Link } from 'react-router';

const customerPath = (id: string) => pages.adminCustomer.replace(':id', id);

function Email({ email }: { email: string }) {
  return email ? (
    <a href={`mailto:${email}`} className="break-all underline underline-offset-2">
      {email}
    </a>
  ) : (
    <span className="text-muted-foreground">No email kept</span>
  );
}

/** The list's Customer cell: name, email (mailto) and the customer's page, or "Guest". */
export function OrderCustomerCell({ customer }: { customer: OrderCustomer }) {
  return (
    <span className="grid gap-0.5 text-sm">
      <span className="font-medium">{customer.name || 'No name given'}</span>
      <Email email={customer.email} />
      {customer.customerId ? (
        <Link
          to={customerPath(customer.customerId)}
          className="text-xs text-muted-foreground underline underline-offset-2"
          aria-label={`Customer page of ${customer.name}`}
        >
          Customer page
        </Link>
      ) : (
        <span className="text-xs text-muted-foreground">Guest</span>
      )}
    </span>
  );
}

/** Atop the order dialog: who placed the order and how to reach them. */
export function OrderCustomerInfo({ customer }: { customer: OrderCustomer }) {
  return (
    <section aria-labelledby="order-customer" className="grid gap-2 text-sm">
      <h3 id="order-customer" className="font-medium">
        Customer
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Name</dt>
        <dd className="min-w-0 text-right">{customer.name || 'No name given'}</dd>
        <dt className="text-muted-foreground">Email</dt>
        <dd className="min-w-0 text-right">
          <Email email={customer.email} />
        </dd>
        <dt className="text-muted-foreground">Account</dt>
        <dd className="text-right">
          {customer.customerId ? (
            <Link to={customerPath(customer.customerId)} className="underline underline-offset-2">
              View customer page
            </Link>
          ) : (
            <span className="text-muted-foreground">Guest checkout, no account</span>
          )}
        </dd>
      </dl>
    </section>
  );
}
