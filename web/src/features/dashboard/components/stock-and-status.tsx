import type { OrderStatus } from '@contract/orders';
import type { DashboardStats } from '@contract/stats';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';

export function OrdersByStatus({ rows }: { rows: DashboardStats['ordersByStatus'] }) {
  return (
    <ul className="grid gap-2" aria-label="Orders by status">
      {rows.map((r) => (
        <li key={r.status} className="flex items-center justify-between gap-2">
          {r.status === 'withdrawn' ? (
            <span className="inline-flex items-center rounded-full bg-secondary px-3 py-1 text-xs font-semibold text-secondary-foreground">
              Withdrawn
            </span>
          ) : (
            <OrderStatusBadge status={r.status as OrderStatus} />
          )}
          <span className="font-semibold">{r.count}</span>
        </li>
      ))}
    </ul>
  );
}

export function LowStockList({ products }: { products: DashboardStats['lowStock'] }) {
  if (products.length === 0) {
    return <p className="text-sm text-muted-foreground">Every product has 10 or more in stock.</p>;
  }
  return (
    <ul className="grid gap-3">
      {products.map((p) => (
        <li key={`${p._id}/${p.variantId}`} className="flex items-center gap-3">
          <img
            src={p.image}
            alt=""
            width={40}
            height={40}
            className="size-10 rounded object-cover"
          />
          {/* Per variant: "Classic Tee · M · Black: 2 left". */}
          <span className="min-w-0 flex-1 truncate">
            {[p.title, p.size, p.color].filter(Boolean).join(' · ')}
            <span className="sr-only">:</span>
          </span>
          <span className={p.totalStock === 0 ? 'font-semibold text-red-700' : 'font-semibold'}>
            {p.totalStock === 0 ? 'Out of stock' : `${p.totalStock} left`}
          </span>
        </li>
      ))}
    </ul>
  );
}
