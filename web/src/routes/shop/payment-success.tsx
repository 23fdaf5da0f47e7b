import { formatOrderNumber } from '@contract/order-constants';
import type { Order } from '@contract/orders';
import { CircleCheck, Clock } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { OrderDetails } from '@/components/order/order-details';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrderDetails } from '@/features/orders/api/get-order-details';
import { useOrders } from '@/features/orders/api/get-orders';
import { useAuth } from '@/lib/auth';
import { pageTitle } from '@/lib/shop-settings';

/**
 * The order just paid: `?order=<id>` (set by the return page, so a reload keeps it), else the
 * shopper's latest paid order.
 */
function usePaidOrder(): { order: Order | undefined; isPending: boolean } {
  const [params] = useSearchParams();
  const id = params.get('order');
  const { user } = useAuth();
  const details = useOrderDetails(id);
  const list = useOrders(id ? undefined : user?.id);
  if (id) return { order: details.data, isPending: details.isPending };
  return {
    order: list.data?.find((o) => o.paymentStatus === 'paid'),
    isPending: list.isPending,
  };
}

export function Component() {
  const { user } = useAuth();
  const { order, isPending } = usePaidOrder();
  // A capture PayPal holds (PENDING) is not a payment that went through: say so.
  const isHeld = order?.paymentStatus === 'pending_capture';
  return (
    <div className="mx-auto w-full max-w-xl p-4 md:p-6">
      <title>{pageTitle(isHeld ? 'Payment pending at PayPal' : 'Payment successful')}</title>
      <Card>
        <CardHeader className="flex-row items-center gap-3 space-y-0">
          {isHeld ? (
            <Clock className="size-8 shrink-0 text-amber-700" aria-hidden />
          ) : (
            <CircleCheck className="size-8 shrink-0 text-green-700" aria-hidden />
          )}
          <h1 className="text-2xl font-semibold">
            {isHeld ? 'Payment pending at PayPal' : 'Payment is successful!'}
          </h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {/* A held payment's note is the order's own (OrderDetails), shown once. */}
          {!isHeld && <p>Thank you for your order. You can follow it in your account.</p>}
          {order ? (
            <OrderDetails order={order} userName={user?.userName} />
          ) : isPending ? (
            <Skeleton className="h-32" />
          ) : null}
          <div className="flex flex-wrap gap-2">
            {order && (
              <Button asChild>
                <Link to={`/shop/account?order=${encodeURIComponent(order._id)}`}>
                  View order {formatOrderNumber(order.orderNumber)}
                </Link>
              </Button>
            )}
            <Button asChild variant={order ? 'outline' : 'default'} className="w-fit">
              <Link to="/shop/account">View Orders</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
