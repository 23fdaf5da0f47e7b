import { formatMoney } from '@contract/money';
import { fulfilmentHold } from '@contract/order-constants';
import type { Order } from '@contract/orders';
import { AlertTriangle, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { ShipAnywayButton } from './ship-anyway-button';

// PayPal's dispute_outcome.outcome_code, as the admin reads it.
const outcomeLabels: Record<string, string> = {
  RESOLVED_BUYER_FAVOUR: "in the buyer's favour",
  RESOLVED_SELLER_FAVOUR: "in the shop's favour",
  RESOLVED_WITH_PAYOUT: 'with a payout from PayPal',
  CANCELED_BY_BUYER: 'cancelled by the buyer',
  ACCEPTED: 'accepted by the shop',
  DENIED: 'denied',
};

const isChargedBack = (order: Order) => order.reversedAmount > 0;
const isDisputed = (order: Order) => order.dispute.status === 'open';

/** The order list's flag: a chargeback, or a dispute still open at PayPal. */
export function DisputeBadge({ order }: { order: Order }) {
  if (isChargedBack(order)) return <Badge variant="destructive">Chargeback</Badge>;
  if (isDisputed(order)) return <Badge variant="destructive">Disputed</Badge>;
  return null;
}

function Flag({
  tone,
  title,
  children,
}: {
  tone: 'danger' | 'warning';
  title: string;
  children: ReactNode;
}) {
  const Icon = tone === 'danger' ? ShieldAlert : AlertTriangle;
  return (
    <div
      className={
        tone === 'danger'
          ? 'flex gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-950'
          : 'flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950'
      }
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid min-w-0 gap-1">
        <strong>{title}</strong>
        {children}
      </div>
    </div>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * What PayPal reported against the order, shown first: its chargeback and dispute, and an
 * amount that did not match (never counted as money).
 */
export function PaymentFlags({ order }: { order: Order }) {
  const { dispute, amountMismatch } = order;
  const flags: ReactNode[] = [];
  if (isChargedBack(order)) {
    flags.push(
      <Flag
        key="chargeback"
        tone="danger"
        title={`Chargeback ${formatMoney(order.reversedAmount)}`}
      >
        <p>
          The buyer's bank took back {formatMoney(order.reversedAmount)} of this payment through
          PayPal. Revenue counts without it.
        </p>
      </Flag>,
    );
  }
  if (dispute.status !== 'none') {
    const outcome = outcomeLabels[dispute.outcome] ?? dispute.outcome;
    flags.push(
      <Flag
        key="dispute"
        tone={dispute.status === 'open' ? 'danger' : 'warning'}
        title={dispute.status === 'open' ? 'Disputed' : 'Dispute resolved'}
      >
        <p>
          {dispute.status === 'open'
            ? 'The buyer opened a dispute at PayPal; answer it in PayPal’s Resolution Center.'
            : `PayPal closed the buyer's dispute${outcome ? ` ${outcome}` : ''}.`}{' '}
          <span className="break-all text-xs">({dispute.id})</span>
        </p>
      </Flag>,
    );
  }
  if (amountMismatch) {
    flags.push(
      <Flag key="mismatch" tone="warning" title="Amount mismatch">
        <p>
          PayPal reported {amountMismatch.seen} for a {amountMismatch.kind} where the order expected{' '}
          {amountMismatch.expected}. It was not counted as money{' '}
          {amountMismatch.kind === 'capture' ? 'received' : 'returned'}. Check the payment in
          PayPal. <span className="text-xs">({when(amountMismatch.at)})</span>
        </p>
      </Flag>,
    );
  }
  if (flags.length === 0) return null;
  return (
    <section aria-label="Payment alerts" className="grid gap-3 text-sm">
      {flags}
    </section>
  );
}

/**
 * Where the parcels would be sent from: why a dispute or chargeback holds them, with "Ship
 * anyway", or that an admin allowed them despite it.
 */
export function ShippingHold({ order }: { order: Order }) {
  // A payment PayPal has not completed holds the order too; the page says so on its own.
  if (order.paymentStatus === 'pending_capture') return null;
  const hold = fulfilmentHold(order);
  if (hold) {
    return (
      <section
        aria-label="Shipping hold"
        className="grid gap-3 border-t pt-4 text-sm sm:flex sm:items-center sm:justify-between"
      >
        <p>
          <strong>Shipping on hold.</strong> {hold}.
        </p>
        <ShipAnywayButton order={order} />
      </section>
    );
  }
  if (order.shipOverride && (isChargedBack(order) || isDisputed(order))) {
    return (
      <p className="border-t pt-4 text-sm text-muted-foreground">
        Shipping allowed anyway on {when(order.shipOverride.at)} (the history says by whom).
      </p>
    );
  }
  return null;
}
