import { useState } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { OrderNotes } from '@/features/admin-customers/components/order-notes';
import { useAllOrders } from '@/features/admin-orders/api/get-all-orders';
import { useAdminOrderDetails } from '@/features/admin-orders/api/get-order-details';
import { MarkDeliveredButton } from '@/features/admin-orders/components/mark-delivered-button';
import { OrderStatusForm } from '@/features/admin-orders/components/order-status-form';
import { RefundForm } from '@/features/admin-orders/components/refund-form';
import { ShipItemsForm } from '@/features/admin-orders/components/ship-items-form';
import { EntityHistory } from '@/features/audit/components/entity-history';
import { OrderDetails } from '@/features/orders/components/order-details';
import { OrdersTable } from '@/features/orders/components/orders-table';

export function Component() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useAllOrders(page);
  const [selected, setSelected] = useState<string | null>(null);
  // SPEC §4: the dialog opens once its detail has loaded and clears it on close.
  const { data: details } = useAdminOrderDetails(selected);
  const orders = data?.data ?? [];
  const pages = data?.pagination.pages ?? 1;

  return (
    <Card>
      <title>Orders · Admin</title>
      <CardHeader>
        <h1 className="text-xl font-semibold leading-none">All Orders</h1>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : isError || orders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No orders yet.</p>
        ) : (
          <OrdersTable
            orders={orders}
            caption="All orders, newest first"
            onViewDetails={(order) => setSelected(order._id)}
          />
        )}
        <Pager page={page} pages={pages} onPage={setPage} label="Order pages" />
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
                <OrderDetails order={details} />
                {details.paymentStatus !== 'pending' && details.orderStatus !== 'cancelled' ? (
                  <>
                    <ShipItemsForm
                      key={`ship-${details._id}-${details.shipments.length}`}
                      order={details}
                    />
                    <MarkDeliveredButton order={details} />
                    <OrderStatusForm
                      key={`${details._id}-${details.orderStatus}`}
                      orderId={details._id}
                      current={details.orderStatus}
                    />
                    <RefundForm key={`refund-${details.refundedAmount}`} order={details} />
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
                  key={`${details.orderStatus}-${details.shipments.length}-${details.refundedAmount}`}
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
