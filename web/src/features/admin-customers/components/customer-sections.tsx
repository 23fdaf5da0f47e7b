import type { CustomerDetails } from '@contract/customers';
import { formatMoney } from '@contract/money';
import { paymentStatusLabels } from '@contract/order-constants';
import { pages } from '@contract/pages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { dateOnly } from './customer-list';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}
const none = (what: string) => <p className="text-sm text-muted-foreground">No {what}.</p>;

export function ProfileSection({ customer }: { customer: CustomerDetails['customer'] }) {
  const rows: [string, string][] = [
    ['Email', customer.email || '—'],
    ['Joined', dateOnly(customer.joinedAt)],
    ['Status', customer.status === 'erased' ? 'Account erased' : 'Active'],
    ['Paid orders', String(customer.ordersCount)],
    ['Total spent', formatMoney(customer.totalSpent)],
    ['Last order', dateOnly(customer.lastOrderAt)],
  ];
  return (
    <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[8rem_1fr_8rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AddressesSection({ addresses }: Pick<CustomerDetails, 'addresses'>) {
  return (
    <Section title="Addresses">
      {addresses.length === 0 ? (
        none('saved addresses')
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {addresses.map((a) => (
            <li key={a._id} className="rounded-md border p-3 text-sm">
              <p>{a.address}</p>
              <p>
                {a.city} {a.pincode}
              </p>
              <p className="text-muted-foreground">{a.phone}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function OrdersSection({ orders }: Pick<CustomerDetails, 'orders'>) {
  return (
    <Section title="Orders">
      {orders.length === 0 ? (
        none('orders')
      ) : (
        <ul className="grid gap-2">
          {orders.map((o) => (
            <li
              key={o._id}
              className="grid grid-cols-2 items-center gap-2 rounded-md border p-3 text-sm sm:grid-cols-[7rem_6rem_1fr_8rem_7rem]"
            >
              <span className="font-medium">#{o.orderNumber}</span>
              <span className="text-right sm:text-left">{dateOnly(o.orderDate)}</span>
              <span>
                <OrderStatusBadge status={o.orderStatus} />
              </span>
              <span className="text-right text-muted-foreground sm:text-left">
                {paymentStatusLabels[o.paymentStatus]}
              </span>
              <span className="col-span-2 text-right sm:col-span-1">
                {formatMoney(o.totalAmount)}
                {o.refundedAmount > 0 && (
                  <span className="block text-xs text-muted-foreground">
                    refunded {formatMoney(o.refundedAmount)}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const productPath = (id: string) => pages.shopProduct.replace(':id', id);

export function ReviewsSection({ reviews }: Pick<CustomerDetails, 'reviews'>) {
  return (
    <Section title="Reviews">
      {reviews.length === 0 ? (
        none('reviews')
      ) : (
        <ul className="grid gap-2">
          {reviews.map((r) => (
            <li key={r._id} className="rounded-md border p-3 text-sm">
              <p>
                <span aria-hidden>
                  {'★'.repeat(r.reviewValue)}
                  {'☆'.repeat(5 - r.reviewValue)}
                </span>
                <span className="sr-only">{r.reviewValue} of 5 stars</span>{' '}
                <Link className="underline" to={productPath(r.productId)}>
                  Product
                </Link>{' '}
                <span className="text-muted-foreground">{dateOnly(r.createdAt)}</span>
              </p>
              <p className="whitespace-pre-wrap break-words">{r.reviewMessage}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function SavedItemsSection({ savedItems }: Pick<CustomerDetails, 'savedItems'>) {
  return (
    <Section title="Saved items">
      {savedItems.length === 0 ? (
        none('saved items')
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {savedItems.map((item) => (
            <li key={item.productId} className="flex items-center gap-3 rounded-md border p-2">
              <img src={item.image} alt="" className="size-12 rounded object-cover" />
              <Link
                className="min-w-0 flex-1 truncate text-sm underline"
                to={productPath(item.productId)}
              >
                {item.title}
              </Link>
              <span className="text-sm">{formatMoney(item.salePrice || item.price)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
