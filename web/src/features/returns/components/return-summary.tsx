import { formatMoney } from '@contract/money';
import {
  type Return,
  type ReturnStatus,
  returnReasonLabels,
  returnStatusLabels,
  withdrawalExceptionLabels,
} from '@contract/returns';
import { variantLabel } from '@contract/variant-constants';
import { Badge } from '@/components/ui/badge';
import { returnDay } from '../returnable';

const statusVariant: Record<ReturnStatus, 'outline' | 'secondary' | 'destructive' | 'success'> = {
  requested: 'outline',
  approved: 'secondary',
  refused: 'destructive',
  received: 'secondary',
  refunded: 'success',
  exception: 'destructive',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <Badge variant={statusVariant[status]}>{returnStatusLabels[status]}</Badge>;
}

/** One return as its shopper sees it: where it stands, what it names and why, what comes next. */
export function ReturnSummary({ ret }: { ret: Return }) {
  const kind = ret.kind === 'withdrawal' ? 'Withdrawal' : 'Return';
  return (
    <article aria-label={`${kind} of ${returnDay(ret.createdAt)}`} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {kind} asked on {returnDay(ret.createdAt)}
        </span>
        <ReturnStatusBadge status={ret.status} />
      </div>
      <ul className="grid gap-1 text-muted-foreground">
        {ret.lines.map((line) => (
          <li key={line.lineId}>
            {line.quantity} × {line.title}
            {variantLabel(line) && ` (${variantLabel(line)})`}
            {ret.kind === 'return' && ` · ${returnReasonLabels[line.reason]}`}
          </li>
        ))}
      </ul>
      {ret.comment && <p className="whitespace-pre-line break-words">“{ret.comment}”</p>}
      {ret.instructions && ret.status !== 'refused' && ret.status !== 'exception' && (
        <div className="rounded-md bg-muted p-3">
          <p className="font-medium">How to send it back</p>
          <p className="whitespace-pre-line break-words">{ret.instructions}</p>
        </div>
      )}
      {ret.status === 'refused' && ret.refusalReason && (
        <p className="break-words">Refused: {ret.refusalReason}</p>
      )}
      {ret.exception && (
        <div className="grid gap-1 rounded-md border border-destructive/40 p-3">
          <p className="font-medium">The right of withdrawal does not apply to these items</p>
          <p>{withdrawalExceptionLabels[ret.exception]}.</p>
          <p className="whitespace-pre-line break-words">{ret.exceptionReason}</p>
        </div>
      )}
      {ret.status === 'refunded' && (
        <p>
          Refunded <strong>{formatMoney(ret.refundAmount)}</strong>
          {ret.shippingRefundAmount > 0 &&
            ` (delivery ${formatMoney(ret.shippingRefundAmount)} included)`}
          {ret.refundedAt && ` on ${returnDay(ret.refundedAt)}`}
        </p>
      )}
    </article>
  );
}
