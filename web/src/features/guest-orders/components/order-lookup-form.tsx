import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
        <div className="grid gap-1.5">
          <Label htmlFor="lookup-number">Order number</Label>
          <Input
            id="lookup-number"
            name="orderNumber"
            placeholder="#100042"
            inputMode="numeric"
            autoComplete="off"
            pattern="#?[0-9]{1,12}"
            title="The number from your confirmation, such as #100042"
            maxLength={13}
            required
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="lookup-email">Email</Label>
          <Input
            id="lookup-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="The email you ordered with"
            maxLength={254}
            required
          />
        </div>
        <Button type="submit" className="mt-2 w-full" disabled={lookup.isPending}>
          Email me the link
        </Button>
      </fieldset>
    </form>
  );
}
