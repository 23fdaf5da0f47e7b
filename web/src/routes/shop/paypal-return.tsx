import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCapturePayment } from '@/features/checkout/api/capture-payment';
import { forgetPendingOrder, pendingOrderId } from '@/features/checkout/pending-order';

/** PayPal sends the shopper here after approval; the payment is captured, then success. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const capture = useCapturePayment();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const run = () => {
    const orderId = pendingOrderId();
    if (!orderId) {
      setError('We could not find the order being paid. Check your orders in your account.');
      return;
    }
    setError(null);
    capture.mutate(
      {
        orderId,
        paymentId: params.get('token') ?? undefined,
        payerId: params.get('PayerID') ?? undefined,
      },
      {
        onSuccess: () => {
          forgetPendingOrder();
          navigate('/shop/payment-success', { replace: true });
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  useEffect(() => {
    // Once per visit (StrictMode mounts twice); capture is idempotent on the server anyway.
    if (started.current) return;
    started.current = true;
    run();
  });

  return (
    <div className="mx-auto w-full max-w-xl p-4 md:p-6">
      <title>Processing payment · The E-Commerce Store</title>
      <Card>
        <CardHeader>
          <CardTitle>
            {error ? 'The payment is not complete' : 'Processing Payment... Please wait!'}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4" aria-live="polite">
          {error ? (
            <>
              <p role="alert">{error}</p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={run} disabled={capture.isPending}>
                  Try again
                </Button>
                <Button variant="outline" asChild>
                  <Link to="/shop/account">View Orders</Link>
                </Button>
              </div>
            </>
          ) : (
            <p className="text-muted-foreground">Confirming your payment with PayPal.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
