import { formatMoney } from '@contract/money';
import { formatOrderNumber } from '@contract/order-constants';
import type { AdminReturn } from '@contract/orders';
import { pages } from '@contract/pages';
import { type Return, returnReasonLabels, withdrawalExceptionLabels } from '@contract/returns';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { returnDay } from '../returnable';
import { ReturnActions } from './return-actions';
import { ReturnStatusBadge } from './return-summary';

function Dates({ ret }: { ret: Return }) {
  const dates: [string, string | null][] = [
    ['Asked', ret.createdAt],
    [
      ret.status === 'refused' ? 'Refused' : ret.status === 'exception' ? 'Exception' : 'Approved',
      ret.decidedAt,
    ],
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

const OPEN = ['requested', 'approved', 'received'];

/** When its refund is due (art. 13(1)), and whether that has passed or nothing is to wait for. */
function RefundDue({ ret }: { ret: Return }) {
  if (!ret.refundDueAt || !OPEN.includes(ret.status)) return null;
  const isOverdue = Date.parse(ret.refundDueAt) < Date.now();
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span className={isOverdue ? 'font-semibold text-destructive' : 'font-medium'}>
        Refund due by {returnDay(ret.refundDueAt)}
      </span>
      {isOverdue && <Badge variant="destructive">Overdue</Badge>}
      {!ret.awaitsGoods && (
        <span className="text-muted-foreground">Nothing was sent: refund it now</span>
      )}
    </p>
  );
}

/** Who placed the order: the account's name (a link to their page) or the guest's, and email. */
function Customer({ customer }: { customer: AdminReturn['customer'] }) {
  const { name, email, customerId } = customer;
  if (!name && !email) return null;
  const path = customerId
    ? pages.adminCustomer.replace(':id', encodeURIComponent(customerId))
    : null;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 break-words">
      <span className="text-muted-foreground">Customer</span>
      {path ? (
        <Link to={path} className="font-medium underline underline-offset-2">
          {name || email}
        </Link>
      ) : (
        <span className="font-medium">{name || email}</span>
      )}
      {name && email ? (
        <a href={`mailto:${email}`} className="break-all text-muted-foreground underline">
          {email}
        </a>
      ) : null}
      {customerId ? null : <span className="text-xs text-muted-foreground">(guest)</span>}
    </p>
  );
}

/** One return: the order, what comes back and why, where it stands, and its next step. */
function ReturnCard({ ret }: { ret: AdminReturn }) {
  const number = formatOrderNumber(ret.orderNumber);
  return (
    <article
      aria-label={`${ret.kind === 'withdrawal' ? 'Withdrawal' : 'Return'} of order ${number}`}
      className="grid content-start gap-3 rounded-lg border bg-background p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex items-center gap-2">
          <Link
            to={`${pages.adminOrders}?order=${encodeURIComponent(ret.orderId)}`}
            className="font-semibold underline underline-offset-2"
            aria-label={`Open order ${number}`}
          >
            {number}
          </Link>
          <Badge variant="outline">{ret.kind === 'withdrawal' ? 'Withdrawal' : 'Return'}</Badge>
        </span>
        <ReturnStatusBadge status={ret.status} />
      </div>
      <Customer customer={ret.customer} />
      {ret.name && ret.name !== ret.customer.name && (
        <p className="break-words">Withdrawal form signed by {ret.name}</p>
      )}
      <RefundDue ret={ret} />
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
      {ret.exception && (
        <p className="break-words text-muted-foreground">
          {withdrawalExceptionLabels[ret.exception]}: {ret.exceptionReason}
        </p>
      )}
      {ret.status === 'refunded' && (
        <p>
          Refunded <strong>{formatMoney(ret.refundAmount)}</strong>
          {ret.shippingRefundAmount > 0 &&
            ` (delivery ${formatMoney(ret.shippingRefundAmount)} included)`}
        </p>
      )}
      <Dates ret={ret} />
      <ReturnActions ret={ret} />
    </article>
  );
}

/** The queue as cards at every width: lines, reasons and actions do not fit a table's row. */
export function AdminReturnsList({ returns }: { returns: AdminReturn[] }) {
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
