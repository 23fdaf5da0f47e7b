import { pages } from '@contract/pages';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { OrderLookupForm } from '@/features/guest-orders/components/order-lookup-form';
import { pageTitle } from '@/lib/shop-settings';

/** Lost the link of an order placed as a guest: the order number and email bring it back. */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-md p-4 md:p-6">
      <title>{pageTitle('Find your order')}</title>
      <Card>
        <CardHeader className="gap-2">
          <h1 className="text-2xl font-semibold">Find your order</h1>
          <p className="text-sm text-muted-foreground">
            Enter the order number from your confirmation and the email you ordered with. We will
            email you a link to the order.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <OrderLookupForm />
          <p className="text-sm text-muted-foreground">
            Ordered with an account?{' '}
            <Link to="/shop/account" className="font-medium underline underline-offset-4">
              Your orders are in your account
            </Link>
            .
          </p>
          <p className="text-sm text-muted-foreground">
            Want a copy of the data of your guest orders, or to have it erased?{' '}
            <Link to={pages.shopOrderPrivacy} className="font-medium underline underline-offset-4">
              Ask for your data
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
