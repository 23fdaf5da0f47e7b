import type { Order } from '@contract/orders';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OrderDetails } from '@/components/order/order-details';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AddressManager } from '@/features/addresses/components/address-manager';
import { ClaimOrdersOffer } from '@/features/guest-orders/components/claim-orders-offer';
import { useOrderDetails } from '@/features/orders/api/get-order-details';
import { useOrders } from '@/features/orders/api/get-orders';
import { CancelOrderButton } from '@/features/orders/components/cancel-order-button';
import { OrdersTable } from '@/features/orders/components/orders-table';
import { YourData } from '@/features/privacy/components/your-data';
import { OrderReturns } from '@/features/returns/components/order-returns';
import { useAuth } from '@/lib/auth';
import { pageTitle, shopSettings } from '@/lib/shop-settings';

function OrderHistory() {
  const { user } = useAuth();
  const { data: orders, isPending, isError } = useOrders(user?.id);
  // `?order=<id>` (the payment success page links here) opens that order's details.
  const [params, setParams] = useSearchParams();
  const [selected, setSelectedState] = useState<string | null>(params.get('order'));
  const setSelected = (id: string | null) => {
    setSelectedState(id);
    if (!id && params.has('order')) setParams({}, { replace: true });
  };
  // SPEC §4: the dialog opens when the detail has loaded and clears it on close.
  const { data: details } = useOrderDetails(selected);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Order History</CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : isError || !orders?.length ? (
          <p className="text-sm text-muted-foreground">You have no orders yet.</p>
        ) : (
          <OrdersTable
            orders={orders}
            caption="Your orders"
            onViewDetails={(order: Order) => setSelected(order._id)}
          />
        )}
        <Dialog
          open={Boolean(selected && details)}
          onOpenChange={(open) => !open && setSelected(null)}
        >
          <DialogContent className="sm:max-w-xl">
            <DialogTitle>Order details</DialogTitle>
            <DialogDescription className="sr-only">
              Items, payment and shipping of the order
            </DialogDescription>
            {details && (
              <>
                <OrderDetails order={details} userName={user?.userName} />
                <CancelOrderButton order={details} />
                <OrderReturns order={details} />
              </>
            )}
          </DialogContent>
        </Dialog>
        {shopSettings().guestCheckout && user && (
          <div className="mt-4 border-t px-4 pt-4 sm:px-0">
            <ClaimOrdersOffer email={user.email} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function Component() {
  return (
    <div className="mx-auto w-full max-w-6xl p-4 md:p-6">
      <title>{pageTitle('Account')}</title>
      <h1 className="mb-4 text-2xl font-bold">Account</h1>
      <Tabs defaultValue="orders">
        <TabsList>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="address">Address</TabsTrigger>
        </TabsList>
        <TabsContent value="orders">
          <OrderHistory />
        </TabsContent>
        <TabsContent value="address">
          <AddressManager />
        </TabsContent>
      </Tabs>
      <section className="mt-6" aria-label="Your data">
        <YourData />
      </section>
    </div>
  );
}
