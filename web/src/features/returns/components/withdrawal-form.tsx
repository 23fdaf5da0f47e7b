import { variantLabel } from '@contract/variant-constants';
import { type FormEvent, useState } from 'react';
import { OrderNumberEmailFields } from '@/components/order-number-email-fields';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useHydrated } from '@/lib/hydration';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useSendOnce } from '../hooks/use-send-once';

/** An order line the form may offer (known when opened from the order's page). */
export type WithdrawalLine = {
  lineId: string;
  title: string;
  size: string;
  color: string;
  quantity: number;
};

type Details = {
  orderNumber: string;
  email: string;
  name: string;
  /** The lines and quantities chosen; undefined: every line, all of each. */
  lines?: Array<{ lineId: string; quantity: number }>;
};

// The shopper's own calendar day (YYYY-MM-DD, as order dates show), not the UTC one.
const today = () => new Date().toLocaleDateString('en-CA');

/**
 * The EU withdrawal function: order number, email and name (the model form's, Annex I(B)),
 * the lines and quantities when the order is known (all by default), then a separate "Confirm
 * withdrawal" (the law's two steps), then what was received and what comes next.
 */
export function WithdrawalForm({
  initialOrderNumber = '',
  initialEmail = '',
  initialName = '',
  lines = [],
}: {
  initialOrderNumber?: string;
  initialEmail?: string;
  initialName?: string;
  lines?: WithdrawalLine[];
}) {
  const hydrated = useHydrated();
  const withdraw = useCreateWithdrawal();
  const once = useSendOnce(withdraw.isPending);
  const [details, setDetails] = useState<Details | null>(null);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [error, setError] = useState('');
  const quantityOf = (line: WithdrawalLine) => quantities[line.lineId] ?? line.quantity;

  const next = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const chosen = lines
      .map((l) => ({ lineId: l.lineId, quantity: quantityOf(l) }))
      .filter((l) => l.quantity > 0);
    if (lines.length > 0 && chosen.length === 0) {
      return setError('Choose at least one item to withdraw from.');
    }
    const isAll = lines.every((l) => quantityOf(l) === l.quantity);
    setError('');
    setDetails({
      orderNumber: String(data.get('orderNumber') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
      name: String(data.get('name') ?? '').trim(),
      ...(isAll ? {} : { lines: chosen }),
    });
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
          Keep the acknowledgment email: it is your proof of withdrawal. We refund you within 14
          days of today, the standard delivery cost too once the last item of the order is
          withdrawn. For items that have shipped we may wait until they are back with us or you send
          us proof that you have sent them, whichever comes first.
        </p>
      </div>
    );
  }

  if (details) {
    const number = `#${details.orderNumber.replace('#', '')}`;
    const named = details.lines;
    return (
      <div className="grid gap-4 text-sm">
        <div className="grid gap-2 rounded-md border p-4">
          <p>
            <span className="break-words">{details.name}</span>, you are withdrawing from the
            contract for order <strong>{number}</strong>
            {named ? ', these items:' : ', every item in it,'} placed with{' '}
            <span className="break-all">{details.email}</span>.
          </p>
          {named && (
            <ul className="list-disc pl-5">
              {named.map((l) => {
                const line = lines.find((x) => x.lineId === l.lineId)!;
                return (
                  <li key={l.lineId}>
                    {l.quantity} × {line.title}
                    {variantLabel(line) && ` (${variantLabel(line)})`}
                  </li>
                );
              })}
            </ul>
          )}
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
          <Label htmlFor="withdraw-name">Your name</Label>
          <Input
            id="withdraw-name"
            name="name"
            autoComplete="name"
            maxLength={200}
            defaultValue={initialName}
            required
          />
        </div>
        <OrderNumberEmailFields
          idPrefix="withdraw"
          orderNumber={initialOrderNumber}
          email={initialEmail}
        />
        {lines.length > 0 && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Items to withdraw from</legend>
            {lines.map((line) => {
              const id = `withdraw-line-${line.lineId}`;
              return (
                <div
                  key={line.lineId}
                  className="grid grid-cols-[1fr_auto] items-center gap-3 rounded-md border p-2 text-sm"
                >
                  <Label htmlFor={id} className="min-w-0 font-normal">
                    <span className="break-words">{line.title}</span>
                    {variantLabel(line) && (
                      <span className="block text-muted-foreground">{variantLabel(line)}</span>
                    )}
                  </Label>
                  <NativeSelect
                    id={id}
                    className="w-20"
                    value={quantityOf(line)}
                    onChange={(e) =>
                      setQuantities((q) => ({ ...q, [line.lineId]: Number(e.target.value) }))
                    }
                  >
                    {Array.from({ length: line.quantity + 1 }, (_, i) => i).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              );
            })}
          </fieldset>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" className="mt-2 w-full">
          Continue
        </Button>
      </fieldset>
    </form>
  );
}
