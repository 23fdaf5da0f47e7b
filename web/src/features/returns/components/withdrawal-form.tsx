import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useHydrated } from '@/lib/hydration';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useSendOnce } from '../hooks/use-send-once';

type Details = { orderNumber: string; email: string };

// The shopper's own calendar day (YYYY-MM-DD, as order dates show), not the UTC one.
const today = () => new Date().toLocaleDateString('en-CA');

/**
 * The EU withdrawal function: order number and email, then a separate "Confirm withdrawal"
 * (the law's two steps), then what was received and that its acknowledgment was emailed.
 */
export function WithdrawalForm({ initialOrderNumber = '' }: { initialOrderNumber?: string }) {
  const hydrated = useHydrated();
  const withdraw = useCreateWithdrawal();
  const once = useSendOnce(withdraw.isPending);
  const [details, setDetails] = useState<Details | null>(null);

  const next = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const orderNumber = String(data.get('orderNumber') ?? '').trim();
    setDetails({ orderNumber, email: String(data.get('email') ?? '').trim() });
    withdraw.reset();
  };

  if (withdraw.isSuccess && details) {
    return (
      <div role="status" className="grid gap-2 rounded-md border bg-muted p-4 text-sm">
        <p className="font-medium">
          Withdrawal sent on {today()} for order {`#${details.orderNumber.replace('#', '')}`}.
        </p>
        <p>{withdraw.data.message}</p>
        <p>
          Keep the acknowledgment email: it is your proof of withdrawal. We will tell you how to
          send the items back, and refund you once they arrive.
        </p>
      </div>
    );
  }

  if (details) {
    const number = `#${details.orderNumber.replace('#', '')}`;
    return (
      <div className="grid gap-4 text-sm">
        <div className="rounded-md border p-4">
          <p>
            You are withdrawing from the contract for order <strong>{number}</strong>, every item in
            it, placed with <span className="break-all">{details.email}</span>.
          </p>
        </div>
        {withdraw.isError && (
          <p role="alert" className="text-destructive">
            {withdraw.error.message}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            className="sm:flex-1"
            disabled={withdraw.isPending}
            onClick={() => once(() => withdraw.mutate(details))}
          >
            Confirm withdrawal
          </Button>
          <Button variant="outline" disabled={withdraw.isPending} onClick={() => setDetails(null)}>
            Change details
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={next} aria-label="Withdraw from contract">
      {/* Sent by the page's code: before it runs, a plain form would put the email in the URL. */}
      <fieldset disabled={!hydrated} className="flex flex-col gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="withdraw-number">Order number</Label>
          <Input
            id="withdraw-number"
            name="orderNumber"
            placeholder="#100042"
            inputMode="numeric"
            autoComplete="off"
            pattern="#?[0-9]{1,12}"
            title="The number from your confirmation, such as #100042"
            maxLength={13}
            defaultValue={initialOrderNumber}
            required
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="withdraw-email">Email</Label>
          <Input
            id="withdraw-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="The email you ordered with"
            maxLength={254}
            required
          />
        </div>
        <Button type="submit" className="mt-2 w-full">
          Continue
        </Button>
      </fieldset>
    </form>
  );
}
