import { enteredDiscountCodeMax } from '@contract/limits';
import type { Quote } from '@contract/pricing';
import { BadgePercent } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type Props = {
  /** The code sent with the quote ('' for none). */
  applied: string;
  /** The quote's verdict on it; undefined while it is being checked or no address is chosen. */
  result: Quote['discountCode'] | undefined;
  isChecking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/** One code an order: a field with Apply, then the code applied or the reason it was refused. */
export function DiscountCode({ applied, result, isChecking, onApply, onRemove }: Props) {
  const [draft, setDraft] = useState(applied);
  const remove = () => {
    setDraft('');
    onRemove();
  };

  if (applied && result?.ok) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-dashed p-3">
        <p role="status" className="flex min-w-0 items-center gap-2 text-sm font-medium">
          <BadgePercent className="size-4 shrink-0 text-green-700" aria-hidden />
          <span className="break-words">{result.code} applied</span>
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={remove}
          aria-label={`Remove code ${result.code}`}
        >
          Remove
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) onApply(draft.trim());
  };
  return (
    <div className="grid gap-2">
      <form onSubmit={submit} className="grid gap-1.5" aria-label="Discount code">
        <Label htmlFor="discount-code">Discount code</Label>
        <div className="flex gap-2">
          <Input
            id="discount-code"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={enteredDiscountCodeMax}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <Button type="submit" variant="outline" disabled={!draft.trim()}>
            Apply
          </Button>
        </div>
      </form>
      {applied && (
        <div className="flex items-center justify-between gap-3 text-sm">
          {result ? (
            <p role="alert" className="text-destructive">
              {result.reason}
            </p>
          ) : (
            <p className="min-w-0 break-all text-muted-foreground">
              {isChecking
                ? `Checking ${applied}…`
                : `${applied} is checked once you choose a delivery address.`}
            </p>
          )}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={remove}
            aria-label={`Remove code ${applied}`}
          >
            Remove
          </Button>
        </div>
      )}
    </div>
  );
}
