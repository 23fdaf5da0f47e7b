import { formatMoney } from '@contract/money';
import { formatOrderNumber } from '@contract/order-constants';
import { type Return, returnReasonLabels } from '@contract/returns';
import { Badge } from '@/components/ui/badge';
import { returnDay } from '../returnable';
import { ReturnActions } from './return-actions';
import { ReturnStatusBadge } from './return-summary';

function Dates({ ret }: { ret: Return }) {
  const dates: [string, string | null][] = [
    ['Asked', ret.createdAt],
    [ret.status === 'refused' ? 'Refused' : 'Approved', ret.decidedAt],
    ['Received', ret.receivedAt],
    ['Refunded', ret.refundedAt],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
      {dates
        .filter(([, at]) => at)
        .map(([label, at]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="text-right">{returnDay(at ?? '')}</dd>
          </div>
        ))}
    </dl>
  );
}

/** One return: the order, what comes back and why, where it stands, and its next step. */
function ReturnCard({ ret }: { ret: Return }) {
  const number = formatOrderNumber(ret.orderNumber);
  return (
    <article
      aria-label={`${ret.kind === 'withdrawal' ? 'Withdrawal' : 'Return'} of order ${number}`}
      className="grid content-start gap-3 rounded-lg border bg-background p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex items-center gap-2">
          <span className="font-semibold">{number}</span>
          <Badge variant="outline">{ret.kind === 'withdrawal' ? 'Withdrawal' : 'Return'}</Badge>
        </span>
        <ReturnStatusBadge status={ret.status} />
      </div>
      <ul className="grid gap-1.5">
        {ret.lines.map((line) => (
          <li key={line.lineId} className="grid gap-0.5">
            <span className="font-medium">
              {line.quantity} × {line.title}
            </span>
            <span className="text-muted-foreground">
              {[
                line.size && `Size ${line.size}`,
                line.color,
                // A withdrawal needs no reason (EU law): the recorded one is not the shopper's.
                ret.kind === 'return' && returnReasonLabels[line.reason],
              ]
                .filter(Boolean)
                .join(' · ')}
              {line.restocked !== null && (line.restocked ? ' · Restocked' : ' · Not restocked')}
            </span>
          </li>
        ))}
      </ul>
      {ret.comment && (
        <p className="whitespace-pre-line break-words border-l-2 pl-2">{ret.comment}</p>
      )}
      {ret.instructions && (
        <p className="whitespace-pre-line break-words text-muted-foreground">
          Instructions: {ret.instructions}
        </p>
      )}
      {ret.refusalReason && (
        <p className="break-words text-muted-foreground">Refused: {ret.refusalReason}</p>
      )}
      {ret.status === 'refunded' && (
        <p>
          Refunded <strong>{formatMoney(ret.refundAmount)}</strong>
          {ret.shippingRefundAmount > 0 &&
            ` (shipping ${formatMoney(ret.shippingRefundAmount)} included)`}
        </p>
      )}
      <Dates ret={ret} />
      <ReturnActions ret={ret} />
    </article>
  );
}

/** The queue as cards at every width: lines, reasons and actions do not fit a table's row. */
export function AdminReturnsList({ returns }: { returns: Return[] }) {
  return (
    <ul className="grid gap-3 lg:grid-cols-2" aria-label="Returns and withdrawals">
      {returns.map((ret) => (
        <li key={ret._id} className="grid">
          <ReturnCard ret={ret} />
        </li>
      ))}
    </ul>
  );
}
