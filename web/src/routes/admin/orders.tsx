import { fulfilmentHold } from '@contract/order-constants';
import type { AdminOrderListItem } from '@contract/orders';
import { pages } from '@contract/pages';
import { isWithdrawnBeforeShipping } from '@contract/shipment-constants';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IfPermitted } from '@/components/if-permitted';
import { OrderDetails } from '@/components/order/order-details';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { OrderNotes } from '@/features/admin-customers/components/order-notes';
import { useAllOrders } from '@/features/admin-orders/api/get-all-orders';
import { useAdminOrderDetails } from '@/features/admin-orders/api/get-order-details';
import { MarkDeliveredButton } from '@/features/admin-orders/components/mark-delivered-button';
import {
  OrderCustomerCell,
  OrderCustomerInfo,
} from '@/features/admin-orders/components/order-customer';
import { OrderFiltersForm } from '@/features/admin-orders/components/order-filters';
import { OrderStatusForm } from '@/features/admin-orders/components/order-status-form';
import {
  DisputeBadge,
  PaymentFlags,
  ShippingHold,
} from '@/features/admin-orders/components/payment-flags';
import {
  PaymentStatusBadge,
  unitsOf,
} from '@/features/admin-orders/components/payment-status-badge';
import { RefundForm } from '@/features/admin-orders/components/refund-form';
import { ShipItemsForm } from '@/features/admin-orders/components/ship-items-form';
import { WithdrawnBadge } from '@/features/admin-orders/components/withdrawn-badge';
import { useOrderFilters } from '@/features/admin-orders/hooks/use-order-filters';
import { EntityHistory } from '@/features/audit/components/entity-history';
import { type ExtraColumn, OrdersTable } from '@/features/orders/components/orders-table';
import { ReturnSummary } from '@/features/returns/components/return-summary';

const columns: ExtraColumn<AdminOrderListItem>[] = [
  {
    header: 'Customer',
    cell: (order) => <OrderCustomerCell customer={order.customer} />,
    className: 'max-w-64',
  },
  { header: 'Payment', cell: (order) => <PaymentStatusBadge status={order.paymentStatus} /> },
  { header: 'Items', cell: unitsOf, className: 'tabular-nums' },
];

export function Component() {
  const { filters, apply, isFiltered } = useOrderFilters();
  const { data, isPending, isError } = useAllOrders(filters);
  // `?order=<id>` opens that order (a return card links it this way).
  const [params, setParams] = useSearchParams();
  const [selected, setSelectedState] = useState<string | null>(() => params.get('order'));
  const setSelected = (id: string | null) => {
    setSelectedState(id);
    if (!id && params.has('order')) {
      const next = new URLSearchParams(params);
      next.delete('order');
      setParams(next, { replace: true });
    }
  };
  // SPEC §4: the dialog opens once its detail has loaded and clears it on close.
  const { data: details } = useAdminOrderDetails(selected);
  const orders = data?.data ?? [];
  const pageCount = data?.pagination.pages ?? 1;
  const total = data?.pagination.total ?? 0;
  const { page, ...chosen } = filters;

  return (
    <Card>
      <title>Orders · Admin</title>
      <CardHeader className="grid gap-4">
        <h1 className="text-xl font-semibold leading-none">All Orders</h1>
        {/* Keyed by the address: Back or a link shows its own filters in the form. */}
        <OrderFiltersForm key={JSON.stringify(chosen)} filters={filters} onApply={apply} />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isPending ? (
          <Skeleton className="h-32 w-full" aria-label="Loading orders" />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">The orders could not be loaded.</p>
        ) : orders.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {isFiltered
              ? 'No order matches these filters.'
              : page > 1
                ? 'No orders on this page.'
                : 'No orders yet.'}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {total} order{total === 1 ? '' : 's'}
            </p>
            <OrdersTable
              orders={orders}
              caption={isFiltered ? 'Orders found' : 'All orders'}
              onViewDetails={(order) => setSelected(order._id)}
              columns={columns}
              flag={(order) => (
                <>
                  <WithdrawnBadge order={order} />
                  <DisputeBadge order={order} />
                </>
              )}
            />
          </>
        )}
        <Pager
          page={page}
          pages={pageCount}
          onPage={(to) => apply({ page: to })}
          label="Order pages"
        />
        <Dialog
          open={Boolean(selected && details)}
          onOpenChange={(open) => !open && setSelected(null)}
        >
          <DialogContent className="sm:max-w-xl">
            <DialogTitle>Order details</DialogTitle>
            <DialogDescription className="sr-only">
              Items, payment, shipping and status of the order
            </DialogDescription>
            {details && (
              <>
                <PaymentFlags order={details} />
                <OrderCustomerInfo customer={details.customer} />
                {isWithdrawnBeforeShipping(details) && (
                  <p role="status" className="flex flex-wrap items-center gap-2 text-sm">
                    <WithdrawnBadge order={details} />
                    Every unit was withdrawn before any shipped: nothing ships.
                  </p>
                )}
                <OrderDetails order={details} />
                {details.returns.length > 0 && (
                  <section
                    aria-labelledby="order-returns"
                    className="grid gap-3 border-t pt-4 text-sm"
                  >
                    <h3 id="order-returns" className="font-medium">
                      Returns and withdrawals
                    </h3>
                    <ul className="grid gap-3">
                      {details.returns.map((ret) => (
                        <li key={ret._id} className="rounded-md border p-3">
                          <ReturnSummary ret={ret} />
                        </li>
                      ))}
                    </ul>
                    <Link to={pages.adminReturns} className="underline underline-offset-2">
                      Handle them in Returns
                    </Link>
                  </section>
                )}
                {details.paymentStatus === 'pending_capture' ? (
                  // PayPal holds the money: nothing ships and no status changes until it completes.
                  <p className="border-t pt-4 text-sm text-muted-foreground">
                    {fulfilmentHold(details)}
                    {details.paymentPendingReason
                      ? ` (PayPal: ${details.paymentPendingReason}).`
                      : '.'}
                  </p>
                ) : details.paymentStatus !== 'pending' && details.orderStatus !== 'cancelled' ? (
                  <>
                    {/* A dispute or chargeback holds parcels until "Ship anyway". */}
                    <ShippingHold order={details} />
                    <IfPermitted permission="orders.ship" action="Shipping">
                      {!fulfilmentHold(details) && (
                        <ShipItemsForm
                          key={`ship-${details._id}-${details.shipments.length}`}
                          order={details}
                        />
                      )}
                      <MarkDeliveredButton order={details} />
                    </IfPermitted>
                    <OrderStatusForm
                      key={`${details._id}-${details.orderStatus}`}
                      orderId={details._id}
                      current={details.orderStatus}
                    />
                    <IfPermitted permission="orders.refund" action="Refunding">
                      <RefundForm key={`refund-${details.refundedAmount}`} order={details} />
                    </IfPermitted>
                  </>
                ) : (
                  <p className="border-t pt-4 text-sm text-muted-foreground">
                    {details.paymentStatus === 'pending'
                      ? 'Awaiting payment: the status can be changed once the order is paid.'
                      : details.paymentStatus === 'refunded'
                        ? 'The shopper cancelled this order; it was refunded in full.'
                        : 'This order was cancelled before payment.'}
                  </p>
                )}
                <OrderNotes order={details} />
                <EntityHistory
                  key={`${details.orderStatus}-${details.shipments.length}-${details.refundedAmount}-${details.shipOverride?.at}`}
                  entity="order"
                  id={details._id}
                />
              </>
            )}
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
