import { periodEnd, shopCalendar } from '@contract/legal-periods';
import { formatOrderNumber } from '@contract/order-constants';
import { pages } from '@contract/pages';
import { returnableQuantities } from '@contract/return-constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useReturnPolicy } from '../api/get-return-policy';
import { type OrderWithReturns, shopDay } from '../returnable';
import { ReturnRequestForm } from './return-request-form';
import { ReturnSummary } from './return-summary';

/**
 * Under an order's details: its returns, a return request once delivered, and the withdrawal
 * link, always there (EU law wants it clearly labelled, not hidden behind a state).
 * `token`: a guest's order, reached by its emailed link.
 */
export function OrderReturns({ order, token }: { order: OrderWithReturns; token?: string }) {
  const [open, setOpen] = useState(false);
  const returns = order.returns ?? [];
  const canReturn =
    order.orderStatus === 'delivered' &&
    [...returnableQuantities({ ...order, returns: order.returns ?? [] }).values()].some(
      (left) => left > 0,
    );
  const number = formatOrderNumber(order.orderNumber).replace('#', '');
  const { data: policy } = useReturnPolicy(order.deliveredAt !== null);
  const calendar = policy && shopCalendar(policy.timeZone, policy.holidays);
  const endOf = (days: number) =>
    calendar && order.deliveredAt ? periodEnd(order.deliveredAt, days, calendar) : null;
  const until = policy ? endOf(policy.returnDays) : null;
  const withdrawUntil = policy ? endOf(policy.withdrawalDays) : null;
  // Within the withdrawal period a return is a withdrawal: it needs no reason.
  const isInPeriod = !withdrawUntil || Date.now() <= withdrawUntil.getTime();
  // The withdrawal form opens with this order's number, email and lines (state: not in the URL).
  const left = returnableQuantities({ ...order, returns });
  const withdrawalState = {
    email: order.guestEmail || undefined,
    lines: order.cartItems
      .filter((i) => (left.get(i.lineId) ?? 0) > 0)
      .map((i) => ({
        lineId: i.lineId,
        title: i.title,
        size: i.size,
        color: i.color,
        quantity: left.get(i.lineId) ?? 0,
      })),
  };

  return (
    <section aria-labelledby={`returns-${order._id}`} className="grid gap-3 border-t pt-4 text-sm">
      <h3 id={`returns-${order._id}`} className="font-medium">
        Returns
      </h3>
      {returns.length > 0 ? (
        <ul className="grid gap-4">
          {returns.map((ret) => (
            <li key={ret._id} className="rounded-md border p-3">
              <ReturnSummary ret={ret} />
            </li>
          ))}
        </ul>
      ) : (
        !open && (
          <p className="text-muted-foreground">
            {order.orderStatus === 'delivered'
              ? 'Something does not fit? Ask to send it back.'
              : 'Once the order is delivered, you can ask to return items here.'}
          </p>
        )
      )}
      {canReturn && until && (
        <p className="text-muted-foreground">
          You can ask for a return until {shopDay(until, policy?.timeZone)}
          {isInPeriod && withdrawUntil
            ? `, without giving a reason until ${shopDay(withdrawUntil, policy?.timeZone)}`
            : ''}
          .
        </p>
      )}
      {canReturn &&
        (open ? (
          <ReturnRequestForm
            order={order}
            token={token}
            isReasonOptional={isInPeriod}
            onDone={() => setOpen(false)}
          />
        ) : (
          <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
            Return items
          </Button>
        ))}
      <p>
        <Link
          to={`${pages.shopWithdraw}?order=${number}`}
          state={withdrawalState}
          className="font-medium underline underline-offset-4"
        >
          Withdraw from contract
        </Link>
      </p>
    </section>
  );
}
