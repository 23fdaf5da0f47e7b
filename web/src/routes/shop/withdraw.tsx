import { Link, useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useReturnPolicy } from '@/features/returns/api/get-return-policy';
import { WithdrawalForm } from '@/features/returns/components/withdrawal-form';
import { pageTitle } from '@/lib/shop-settings';

/**
 * The EU withdrawal function, open to anyone (no sign-in): the footer and every order link
 * here, an order's link with `?order=100042` filled in.
 */
export function Component() {
  const [params] = useSearchParams();
  const initial = (params.get('order') ?? '').replace(/[^0-9]/g, '').slice(0, 12);
  // The shop's period (RETURN_DAYS, 14 at least), once known; the law's 14 until then.
  const days = useReturnPolicy().data?.withdrawalDays ?? 14;
  return (
    <div className="mx-auto w-full max-w-md p-4 md:p-6">
      <title>{pageTitle('Withdraw from contract')}</title>
      <Card>
        <CardHeader className="gap-2">
          <h1 className="text-2xl font-semibold">Withdraw from contract</h1>
          <p className="text-sm text-muted-foreground">
            You may withdraw from your order without giving a reason within {days} days of receiving
            it. Enter the order number from your confirmation and the email you ordered with.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <WithdrawalForm initialOrderNumber={initial} />
          <p className="text-sm text-muted-foreground">
            Only some items do not fit? You can also{' '}
            <Link to="/pages/returns" className="font-medium underline underline-offset-4">
              return them
            </Link>{' '}
            from your order.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
