import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCapturePayment } from '@/features/checkout/api/capture-payment';
import { pageTitle } from '@/lib/shop-settings';

/**
 * PayPal sends the shopper here after approval. The URL alone is enough (any tab, browser or
 * device): the server finds the shopper's order by PayPal's token and captures it.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const capture = useCapturePayment();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const token = params.get('token');

  const run = () => {
    if (!token) {
      setError('This link has no PayPal payment in it. Check your orders in your account.');
      return;
    }
    setError(null);
    capture.mutate(
      { paymentId: token, ...(params.get('PayerID') ? { payerId: params.get('PayerID')! } : {}) },
      {
        // A guest has no account to show the order in: its status page says it is paid.
        onSuccess: ({ data, statusToken }) =>
          navigate(
            statusToken
              ? `/shop/order/${encodeURIComponent(statusToken)}?paid=1`
              : `/shop/payment-success?order=${encodeURIComponent(data._id)}`,
            { replace: true },
          ),
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
      <title>{pageTitle('Processing payment')}</title>
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
                <Button onClick={run} disabled={capture.isPending || !token}>
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
