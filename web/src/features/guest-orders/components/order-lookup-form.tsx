import type { FormEvent } from 'react';
import { OrderNumberEmailFields } from '@/components/order-number-email-fields';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/hydration';
import { toast } from '@/lib/toast';
import { useLookupOrder } from '../api/lookup-order';

/**
 * Order number and email: the shop emails the order's link to that email if they match. The
 * answer is the same either way, so it is shown as it comes.
 */
export function OrderLookupForm() {
  const hydrated = useHydrated();
  const lookup = useLookupOrder();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    lookup.mutate(
      {
        orderNumber: String(data.get('orderNumber') ?? ''),
        email: String(data.get('email') ?? ''),
      },
      { onError: (error) => toast.error(error.message) },
    );
  };

  if (lookup.isSuccess) {
    return (
      <p role="status" className="rounded-md border bg-muted p-4 text-sm">
        {lookup.data.message}
      </p>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Find your order">
      {/* Sent by the page's code: before it runs, a plain form would put the email in the URL. */}
      <fieldset disabled={!hydrated} className="flex flex-col gap-4">
        <OrderNumberEmailFields idPrefix="lookup" />
        <Button type="submit" className="mt-2 w-full" disabled={lookup.isPending}>
          Email me the link
        </Button>
      </fieldset>
    </form>
  );
}
