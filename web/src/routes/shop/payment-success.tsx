import { formatMoney } from '@contract/money';
import { formatOrderNumber } from '@contract/order-constants';
import type { Order } from '@contract/orders';
import { CircleCheck, Clock } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { orderBreakdown } from '@/components/ui/order-breakdown';
import { PriceBreakdown } from '@/components/ui/price-breakdown';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrderDetails } from '@/features/orders/api/get-order-details';
import { useOrders } from '@/features/orders/api/get-orders';
import { PaymentPendingNote } from '@/features/orders/components/order-details';
import { useAuth } from '@/lib/auth';
import { countryName } from '@/lib/countries';
import { arrivalDates } from '@/lib/delivery-days';
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

function Summary({ order }: { order: Order }) {
  const a = order.addressInfo;
  return (
    <div className="grid gap-4 text-sm">
      <p className="text-base">
        Order number{' '}
        <strong className="text-lg" data-testid="order-number">
          {formatOrderNumber(order.orderNumber)}
        </strong>
      </p>
      <section aria-labelledby="paid-items" className="grid gap-2">
        <h2 id="paid-items" className="font-medium">
          Items
        </h2>
        <ul className="grid gap-1">
          {order.cartItems.map((item) => (
            <li key={item.productId} className="flex justify-between gap-3">
              <span className="min-w-0">
                {item.title} × {item.quantity}
              </span>
              <span className="whitespace-nowrap">{formatMoney(item.price * item.quantity)}</span>
            </li>
          ))}
        </ul>
        <PriceBreakdown
          breakdown={orderBreakdown(order)}
          label="Price breakdown"
          className="border-t pt-2"
        />
      </section>
      <section aria-labelledby="paid-address" className="grid gap-1">
        <h2 id="paid-address" className="font-medium">
          Delivery address
        </h2>
        <address className="not-italic text-muted-foreground">
          {a.address}, {a.city} {a.pincode}, {countryName(a.country)}
          {a.region && ` ${a.region}`} · {a.phone}
        </address>
        {order.shippingMethod && (
          // Paid just now: the dates count from today, as the checkout's did.
          <p className="text-muted-foreground">
            {order.shippingMethod.name} · {arrivalDates(order.shippingMethod)}
          </p>
        )}
      </section>
    </div>
  );
}

export function Component() {
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
          {isHeld ? (
            <PaymentPendingNote />
          ) : (
            <p>Thank you for your order. You can follow it in your account.</p>
          )}
          {order ? <Summary order={order} /> : isPending ? <Skeleton className="h-32" /> : null}
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
