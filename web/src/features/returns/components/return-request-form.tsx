import { returnableQuantities } from '@contract/return-constants';
import { type ReturnReason, returnReasonLabels, returnReasons } from '@contract/returns';
import { variantLabel } from '@contract/variant-constants';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import { useCreateReturn } from '../api/create-return';
import { useSendOnce } from '../hooks/use-send-once';
import type { OrderWithReturns } from '../returnable';

type Choice = { checked: boolean; quantity: number; reason: ReturnReason | '' };

/**
 * The lines of a delivered order that can still be sent back, each with how many and why, and
 * one comment. `token`: a guest's order, reached by its emailed link. `isReasonOptional`:
 * within the withdrawal period, when a return needs no reason (it may be given).
 */
export function ReturnRequestForm({
  order,
  token,
  isReasonOptional = false,
  onDone,
}: {
  order: OrderWithReturns;
  token?: string | undefined;
  isReasonOptional?: boolean;
  onDone: () => void;
}) {
  const left = returnableQuantities({ ...order, returns: order.returns ?? [] });
  const lines = order.cartItems.filter((item) => (left.get(item.lineId) ?? 0) > 0);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const create = useCreateReturn();
  const once = useSendOnce(create.isPending);

  const choice = (lineId: string): Choice =>
    choices[lineId] ?? { checked: false, quantity: 1, reason: '' };
  const set = (lineId: string, change: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [lineId]: { ...choice(lineId), ...change } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = lines.filter((item) => choice(item.lineId).checked);
    if (chosen.length === 0) return setError('Choose at least one item to return.');
    if (!isReasonOptional && chosen.some((item) => !choice(item.lineId).reason)) {
      return setError('Choose a reason for each item.');
    }
    setError('');
    const body = {
      orderId: order._id,
      comment: comment.trim(),
      lines: chosen.map((item) => {
        const c = choice(item.lineId);
        return {
          lineId: item.lineId,
          quantity: c.quantity,
          ...(c.reason ? { reason: c.reason } : {}),
        };
      }),
    };
    once(() =>
      create.mutate(
        { token, body },
        {
          onSuccess: () => {
            toast.success('Your return request was sent');
            onDone();
          },
          onError: (e) => setError(e.message),
        },
      ),
    );
  };

  return (
    <form onSubmit={submit} aria-label="Return items" className="grid gap-4">
      {lines.map((item) => {
        const c = choice(item.lineId);
        const max = left.get(item.lineId) ?? 1;
        const id = `return-${item.lineId}`;
        const variant = variantLabel(item);
        return (
          <fieldset key={item.lineId} className="grid gap-3 rounded-md border p-3">
            <legend className="sr-only">{[item.title, variant].filter(Boolean).join(', ')}</legend>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-primary"
                checked={c.checked}
                onChange={(e) => set(item.lineId, { checked: e.target.checked })}
              />
              <span className="min-w-0">
                <span className="block font-medium">Return {item.title}</span>
                {variant && <span className="block text-muted-foreground">{variant}</span>}
              </span>
            </label>
            {c.checked && (
              <div className="grid grid-cols-[6rem_1fr] gap-3">
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-qty`}>Quantity</Label>
                  <NativeSelect
                    id={`${id}-qty`}
                    value={c.quantity}
                    onChange={(e) => set(item.lineId, { quantity: Number(e.target.value) })}
                  >
                    {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="grid min-w-0 gap-1.5">
                  <Label htmlFor={`${id}-reason`}>
                    {isReasonOptional ? 'Reason (optional)' : 'Reason'}
                  </Label>
                  <NativeSelect
                    id={`${id}-reason`}
                    required={!isReasonOptional}
                    value={c.reason}
                    onChange={(e) => set(item.lineId, { reason: e.target.value as ReturnReason })}
                  >
                    <option value="" disabled={!isReasonOptional}>
                      {isReasonOptional ? 'No reason given' : 'Choose a reason'}
                    </option>
                    {returnReasons.map((r) => (
                      <option key={r} value={r}>
                        {returnReasonLabels[r]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              </div>
            )}
          </fieldset>
        );
      })}
      <div className="grid gap-1.5">
        <Label htmlFor={`return-comment-${order._id}`}>Comment (optional)</Label>
        <Textarea
          id={`return-comment-${order._id}`}
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          Request return
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
