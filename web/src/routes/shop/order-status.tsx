import { GUEST_ID } from '@contract/limits';
import { formatOrderNumber } from '@contract/order-constants';
import { CircleCheck, Clock } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { OrderDetails } from '@/components/order/order-details';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrderStatus } from '@/features/guest-orders/api/get-order-status';
import { OrderReturns } from '@/features/returns/components/order-returns';
import { useAuth } from '@/lib/auth';
import { pageTitle } from '@/lib/shop-settings';

/**
 * A guest order's status page: its emailed link (an unguessable token) is the only way in, so
 * the page is never indexed (ssr/head.ts). `?paid=1`: the return page sent the guest here
 * straight after paying.
 */
export function Component() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const { user } = useAuth();
  const { data: order, isPending, isError } = useOrderStatus(token);
  const justPaid = params.get('paid') === '1' && order?.paymentStatus === 'paid';
  // Back from PayPal with a capture PayPal holds: the order page's note says it is pending.
  const justHeld = params.get('paid') === '1' && order?.paymentStatus === 'pending_capture';

  if (isPending) {
    return (
      <div className="mx-auto w-full max-w-xl p-4 md:p-6">
        <Skeleton className="h-96 w-full" aria-label="Loading the order" />
      </div>
    );
  }
  if (isError || !order) {
    return (
      <div className="mx-auto w-full max-w-xl p-4 md:p-6">
        <title>{pageTitle('Order not found')}</title>
        <Card>
          <CardHeader className="gap-2">
            <h1 className="text-2xl font-semibold">We could not find this order</h1>
            <p className="text-sm text-muted-foreground">
              The link may be incomplete. Ask for a new one with your order number and email.
            </p>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/shop/order/lookup">Find your order</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }

  const number = formatOrderNumber(order.orderNumber);
  return (
    <div className="mx-auto w-full max-w-xl p-4 md:p-6">
      <title>{pageTitle(`Order ${number}`)}</title>
      <Card>
        <CardHeader className="gap-2">
          {justPaid ? (
            <div className="flex items-center gap-3">
              <CircleCheck className="size-8 shrink-0 text-green-700" aria-hidden />
              <h1 className="text-2xl font-semibold">Payment is successful!</h1>
            </div>
          ) : justHeld ? (
            <div className="flex items-center gap-3">
              <Clock className="size-8 shrink-0 text-amber-700" aria-hidden />
              <h1 className="text-2xl font-semibold">Payment pending at PayPal</h1>
            </div>
          ) : (
            <h1 className="text-2xl font-semibold">Order {number}</h1>
          )}
          {order.guestEmail && (
            <p className="text-sm text-muted-foreground">
              {justPaid || justHeld ? 'Thank you for your order. We' : 'We'} email you about this
              order, with a link back to this page. Anyone with the link can see the order: keep it
              to yourself.
            </p>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <OrderDetails order={order} />
          <OrderReturns order={order} token={token} />
          <div className="flex flex-wrap gap-2 border-t pt-4">
            <Button asChild>
              <Link to="/shop/home">Continue shopping</Link>
            </Button>
            {!user && order.userId === GUEST_ID && (
              <Button asChild variant="outline">
                <Link to="/auth/register">Create an account</Link>
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
