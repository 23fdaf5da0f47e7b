import { formatMoney } from '@contract/money';
import { formatOrderNumber } from '@contract/order-constants';
import {
  type Return,
  type WithdrawalException,
  withdrawalExceptionLabels,
  withdrawalExceptions,
} from '@contract/returns';
import { variantLabel } from '@contract/variant-constants';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import { useApproveReturn } from '../api/approve-return';
import { useReceiveReturn } from '../api/receive-return';
import { useRecordException } from '../api/record-exception';
import { useRefundReturn } from '../api/refund-return';
import { useRefuseReturn } from '../api/refuse-return';
import { StepDialog } from './step-dialog';

type Step = 'approve' | 'refuse' | 'receive' | 'refund' | 'exception';

const OPEN = ['requested', 'approved', 'received'];

/** The next steps of a return, by its status: each opens a dialog that asks what it needs. */
export function ReturnActions({ ret }: { ret: Return }) {
  const [step, setStep] = useState<Step | null>(null);
  const [text, setText] = useState('');
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const approve = useApproveReturn();
  const refuse = useRefuseReturn();
  const receive = useReceiveReturn();
  const refund = useRefundReturn();
  const exception = useRecordException();
  const [which, setWhich] = useState<WithdrawalException>('unsealedHygiene');
  const number = formatOrderNumber(ret.orderNumber);
  // A withdrawal made in time: never refused, received without approval; one of units that
  // never left is refunded at once.
  const isRight = ret.isWithdrawalRight;
  const canRefundNow =
    isRight && !ret.awaitsGoods && (ret.status === 'requested' || ret.status === 'approved');

  const open = (next: Step) => {
    for (const m of [approve, refuse, receive, refund, exception]) m.reset();
    setText('');
    setRestock({});
    setStep(next);
  };
  const close = () => setStep(null);
  const done = (message: string) => {
    toast.success(message);
    close();
  };
  const textField = (id: string, label: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        required
        maxLength={2000}
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
  const body = { id: ret._id };

  return (
    <div className="flex flex-wrap gap-2">
      {canRefundNow && (
        <Button size="sm" onClick={() => open('refund')}>
          Refund now
        </Button>
      )}
      {ret.status === 'requested' && !canRefundNow && (
        <Button size="sm" variant={isRight ? 'outline' : 'default'} onClick={() => open('approve')}>
          Approve
        </Button>
      )}
      {ret.status === 'requested' && isRight && !canRefundNow && (
        <Button size="sm" onClick={() => open('receive')}>
          Receive
        </Button>
      )}
      {ret.status === 'requested' && !isRight && (
        <Button size="sm" variant="outline" onClick={() => open('refuse')}>
          Refuse
        </Button>
      )}
      {ret.status === 'approved' && !canRefundNow && (
        <Button size="sm" onClick={() => open('receive')}>
          Receive
        </Button>
      )}
      {ret.status === 'received' && (
        <Button size="sm" onClick={() => open('refund')}>
          Refund
        </Button>
      )}
      {isRight && OPEN.includes(ret.status) && (
        <Button size="sm" variant="outline" onClick={() => open('exception')}>
          Record an exception
        </Button>
      )}

      <StepDialog
        open={step === 'exception'}
        title={`Record an exception for ${number}`}
        description="Only where the law excludes these goods from the right of withdrawal (Directive 2011/83/EU, art. 16). The shopper reads the exception and your reason on the order and by email; nothing is refunded."
        submitLabel="Record exception"
        destructive
        pending={exception.isPending}
        error={exception.error?.message}
        onClose={close}
        onSubmit={() =>
          exception.mutate(
            { ...body, body: { exception: which, reason: text.trim() } },
            { onSuccess: () => done('Exception recorded; the shopper was told why') },
          )
        }
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`exception-kind-${ret._id}`}>Exception</Label>
          <NativeSelect
            id={`exception-kind-${ret._id}`}
            value={which}
            onChange={(e) => setWhich(e.target.value as WithdrawalException)}
          >
            {withdrawalExceptions.map((x) => (
              <option key={x} value={x}>
                {withdrawalExceptionLabels[x]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {textField(`exception-${ret._id}`, 'Reason shown to the shopper (10 characters at least)')}
      </StepDialog>

      <StepDialog
        open={step === 'approve'}
        title={`Approve the return of ${number}`}
        description="The instructions are emailed to the shopper: where to send the items, how, and by when."
        submitLabel="Approve"
        pending={approve.isPending}
        error={approve.error?.message}
        onClose={close}
        onSubmit={() =>
          approve.mutate(
            { ...body, body: { instructions: text.trim() } },
            { onSuccess: () => done('Return approved; the instructions were emailed') },
          )
        }
      >
        {textField(`approve-${ret._id}`, 'Return instructions')}
      </StepDialog>

      <StepDialog
        open={step === 'refuse'}
        title={`Refuse the return of ${number}`}
        description="The reason is emailed to the shopper."
        submitLabel="Refuse"
        destructive
        pending={refuse.isPending}
        error={refuse.error?.message}
        onClose={close}
        onSubmit={() =>
          refuse.mutate(
            { ...body, body: { reason: text.trim() } },
            { onSuccess: () => done('Return refused; the shopper was told why') },
          )
        }
      >
        {textField(`refuse-${ret._id}`, 'Reason')}
      </StepDialog>

      <StepDialog
        open={step === 'receive'}
        title={`Receive the return of ${number}`}
        description="Uncheck an item that cannot be sold again: it stays out of stock."
        submitLabel="Mark received"
        pending={receive.isPending}
        error={receive.error?.message}
        onClose={close}
        onSubmit={() =>
          receive.mutate(
            {
              ...body,
              body: {
                lines: ret.lines.map((l) => ({
                  lineId: l.lineId,
                  restock: restock[l.lineId] ?? true,
                })),
              },
            },
            { onSuccess: () => done('Return received') },
          )
        }
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Back into stock</legend>
          {ret.lines.map((line) => (
            <label key={line.lineId} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={restock[line.lineId] ?? true}
                onChange={(e) => setRestock((r) => ({ ...r, [line.lineId]: e.target.checked }))}
              />
              <span>
                Restock {line.quantity} × {line.title}
                {variantLabel(line) && ` (${variantLabel(line)})`}
              </span>
            </label>
          ))}
        </fieldset>
      </StepDialog>

      <StepDialog
        open={step === 'refund'}
        title={`Refund the return of ${number}`}
        description={
          (canRefundNow
            ? 'Nothing was sent, so nothing comes back: the items go back into stock and '
            : '') +
          (isRight
            ? 'PayPal refunds the items’ price with their share of discount and tax, and the standard delivery cost with its tax when this brings the order’s last item back. The shop computes the amount; it never exceeds what was paid.'
            : 'PayPal refunds the items’ price with their share of discount and tax. The shop computes the amount; it never exceeds what was paid.')
        }
        submitLabel="Refund through PayPal"
        destructive
        pending={refund.isPending}
        error={refund.error?.message}
        onClose={close}
        onSubmit={() =>
          refund.mutate(ret._id, {
            onSuccess: (res) => done(`Refunded ${formatMoney(res.data.refundAmount)}`),
          })
        }
      />
    </div>
  );
}
