import { formatMoney, fromCents, toCents } from '@contract/money';
import type { Order } from '@contract/orders';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { orderBreakdown } from '@/components/ui/order-breakdown';
import { PriceBreakdown } from '@/components/ui/price-breakdown';
import { toast, toastAnswer } from '@/lib/toast';
import { useRefundOrder } from '../api/refund-order';

/**
 * Refund all or part of a paid order through PayPal; empty amount = all that is left (what
 * refunds and chargebacks have not taken back, as the server counts it).
 */
export function RefundForm({ order }: { order: Order }) {
  const left = fromCents(
    toCents(order.totalAmount) - toCents(order.refundedAmount) - toCents(order.reversedAmount),
  );
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // The amount asked, shown with the order's figures before it is sent to PayPal.
  const [asked, setAsked] = useState<number | null>(null);
  const refund = useRefundOrder();
  if (left <= 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = amount.trim() === '' ? left : Number(amount);
    if (!(value > 0 && value <= left)) {
      toast.error(`Enter an amount between $0.01 and ${formatMoney(left)}`);
      return;
    }
    setAsked(value);
  };

  const send = () => {
    const value = amount.trim() === '' ? undefined : Number(amount);
    setAsked(null);
    const answer = refund.mutateAsync({
      id: order._id,
      reason: reason.trim(),
      ...(value !== undefined ? { amount: value } : {}),
    });
    toastAnswer(answer, () => {
      setAmount('');
      setReason('');
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-3 border-t pt-4" aria-label="Refund">
      <p className="text-sm">
        Up to <strong>{formatMoney(left)}</strong> can be refunded to the shopper's PayPal.
      </p>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor="refund-amount">Amount ($)</Label>
          <Input
            id="refund-amount"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            max={left}
            placeholder={left.toFixed(2)}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="refund-reason">Reason</Label>
          <Input
            id="refund-reason"
            required
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      </div>
      <Button type="submit" variant="destructive" disabled={refund.isPending || !reason.trim()}>
        {amount.trim() ? `Refund ${formatMoney(Number(amount) || 0)}` : 'Refund everything left'}
      </Button>
      <ConfirmDialog
        open={asked !== null}
        title={`Refund ${formatMoney(asked ?? 0)} to the shopper's PayPal?`}
        description={refundedBefore(order, asked ?? 0)}
        confirmLabel={`Refund ${formatMoney(asked ?? 0)}`}
        onConfirm={send}
        onClose={() => setAsked(null)}
      >
        <PriceBreakdown breakdown={orderBreakdown(order)} label="What the order was paid for" />
      </ConfirmDialog>
    </form>
  );
}

/** What was taken back before this refund, and what is left after it. */
function refundedBefore(order: Order, asked: number) {
  const before = toCents(order.refundedAmount) + toCents(order.reversedAmount);
  const after = toCents(order.totalAmount) - before - toCents(asked);
  const earlier = before > 0 ? `${formatMoney(fromCents(before))} was refunded before. ` : '';
  return `${earlier}After this refund ${formatMoney(fromCents(after))} of ${formatMoney(order.totalAmount)} is left. PayPal cannot undo a refund.`;
}
