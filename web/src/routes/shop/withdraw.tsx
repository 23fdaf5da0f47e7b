import { Link, useLocation, useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useReturnPolicy } from '@/features/returns/api/get-return-policy';
import { WithdrawalForm, type WithdrawalLine } from '@/features/returns/components/withdrawal-form';
import { useAuth } from '@/lib/auth';
import { pageTitle } from '@/lib/shop-settings';

/** What an order's page hands the form (router state: never in the URL). */
type FromOrder = { email?: string; lines?: WithdrawalLine[] } | null;

/**
 * The EU withdrawal function, open to anyone (no sign-in): the footer and every order link
 * here, an order's link with `?order=100042` filled in and its email and lines in the state;
 * a signed-in shopper's name and email filled in.
 */
export function Component() {
  const [params] = useSearchParams();
  const fromOrder = (useLocation().state as FromOrder) ?? null;
  const { user } = useAuth();
  const initial = (params.get('order') ?? '').replace(/[^0-9]/g, '').slice(0, 12);
  // The law's 14 days, as the shop answers it.
  const days = useReturnPolicy().data?.withdrawalDays ?? 14;
  const email = fromOrder?.email ?? user?.email ?? '';
  const lines = initial && Array.isArray(fromOrder?.lines) ? fromOrder.lines : [];
  return (
    <div className="mx-auto w-full max-w-md p-4 md:p-6">
      <title>{pageTitle('Withdraw from contract')}</title>
      <Card>
        <CardHeader className="gap-2">
          <h1 className="text-2xl font-semibold">Withdraw from contract</h1>
          <p className="text-sm text-muted-foreground">
            You may withdraw from your order without giving a reason within {days} days of receiving
            it (of its last parcel). Enter your name, the order number from your confirmation and
            the email you ordered with.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {/* Keyed: the fields' defaults follow the session once it is known. */}
          <WithdrawalForm
            key={`${user?.id ?? ''}:${email}`}
            initialOrderNumber={initial}
            initialEmail={email}
            initialName={user?.userName ?? ''}
            lines={lines}
          />
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
