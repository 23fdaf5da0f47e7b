import { formatMoney } from '@contract/money';
import { formatOrderNumber } from '@contract/order-constants';
import type { Return } from '@contract/returns';
import { variantLabel } from '@contract/variant-constants';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useApproveReturn } from '../api/approve-return';
import { useReceiveReturn } from '../api/receive-return';
import { useRefundReturn } from '../api/refund-return';
import { useRefuseReturn } from '../api/refuse-return';
import { StepDialog } from './step-dialog';

type Step = 'approve' | 'refuse' | 'receive' | 'refund';

/** The next steps of a return, by its status: each opens a dialog that asks what it needs. */
export function ReturnActions({ ret }: { ret: Return }) {
  const [step, setStep] = useState<Step | null>(null);
  const [text, setText] = useState('');
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const approve = useApproveReturn();
  const refuse = useRefuseReturn();
  const receive = useReceiveReturn();
  const refund = useRefundReturn();
  const number = formatOrderNumber(ret.orderNumber);

  const open = (next: Step) => {
    for (const m of [approve, refuse, receive, refund]) m.reset();
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
      {ret.status === 'requested' && (
        <>
          <Button size="sm" onClick={() => open('approve')}>
            Approve
          </Button>
          <Button size="sm" variant="outline" onClick={() => open('refuse')}>
            Refuse
          </Button>
        </>
      )}
      {ret.status === 'approved' && (
        <Button size="sm" onClick={() => open('receive')}>
          Receive
        </Button>
      )}
      {ret.status === 'received' && (
        <Button size="sm" onClick={() => open('refund')}>
          Refund
        </Button>
      )}

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
          ret.kind === 'withdrawal'
            ? 'PayPal refunds the items’ price with their share of discount and tax, and the shipping when the whole order is withdrawn. The shop computes the amount; it never exceeds what was paid.'
            : 'PayPal refunds the items’ price with their share of discount and tax. The shop computes the amount; it never exceeds what was paid.'
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
