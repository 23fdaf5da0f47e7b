import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useClaimOrders } from '@/features/guest-orders/api/claim-orders';
import { pageTitle } from '@/lib/shop-settings';

/**
 * An emailed claim link (`?token=`), opened signed in as the account it was sent to: the
 * orders placed as a guest with its email join the account.
 */
export function Component() {
  const [params] = useSearchParams();
  const claim = useClaimOrders();
  const started = useRef(false);
  const token = params.get('token') ?? '';

  useEffect(() => {
    // Once per visit (StrictMode mounts twice); the link works once.
    if (started.current || !token) return;
    started.current = true;
    claim.mutate(token);
  });

  const message = !token
    ? 'This link has no claim in it. Open the link from the email again.'
    : claim.isError
      ? claim.error.message
      : claim.isSuccess
        ? claim.data.message
        : 'Adding your orders…';

  return (
    <div className="mx-auto w-full max-w-xl p-4 md:p-6">
      <title>{pageTitle('Your earlier orders')}</title>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">Your earlier orders</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p role={claim.isError ? 'alert' : 'status'}>{message}</p>
          <Button asChild className="w-fit">
            <Link to="/shop/account">View Orders</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
