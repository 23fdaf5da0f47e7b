import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCancelPayment } from '@/features/checkout/api/cancel-payment';
import { pageTitle } from '@/lib/shop-settings';

/** PayPal sends the shopper here on Cancel: the order is cancelled and its stock released. */
export function Component() {
  const [params] = useSearchParams();
  const cancel = useCancelPayment();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // PayPal's token names the order: the page works in any tab.
    const token = params.get('token');
    if (token) cancel.mutate({ paymentId: token });
  });

  const message = cancel.isPending
    ? 'Cancelling your order...'
    : cancel.isError
      ? cancel.error.message
      : (cancel.data?.message ?? 'Payment cancelled. Nothing was charged.');

  return (
    <div className="mx-auto w-full max-w-xl p-4 md:p-6">
      <title>{pageTitle('Payment cancelled')}</title>
      <Card>
        <CardHeader>
          <CardTitle>Payment cancelled</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p aria-live="polite">{message}</p>
          <p className="text-sm text-muted-foreground">
            The items are still in your cart whenever you want to check out again.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/shop/checkout">Back to checkout</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/shop/home">Continue shopping</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
