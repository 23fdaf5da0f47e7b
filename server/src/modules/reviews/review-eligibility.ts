import type { Order } from '@contract/orders';
import {
  cancelledMessage,
  notDeliveredMessage,
  notPurchasedMessage,
  refundedMessage,
  returnedMessage,
  withdrawnMessage,
} from '@contract/reviews';

/** What the rule reads of an order (the contract's `Order` and the orders module's facts both fit). */
type Reviewable = {
  paymentStatus: Order['paymentStatus'];
  orderStatus: Order['orderStatus'];
  deliveredAt: string | null;
  cartItems: ReadonlyArray<{ productId: string; lineId: string; quantity: number; size: string }>;
  shipments: ReadonlyArray<{
    deliveredAt: string | null;
    lines: ReadonlyArray<{ lineId: string; quantity: number }>;
  }>;
  returns: Order['returns'];
};

/** Whether a shopper may review a product, with the size they kept or the reason they may not. */
export type ReviewStanding =
  | { canReview: true; size: string | null }
  | { canReview: false; reason: string };

// Orders the shopper paid for (a capture PayPal still holds included: it is not delivered yet).
const BOUGHT = new Set<Order['paymentStatus']>([
  'pending_capture',
  'paid',
  'partially_refunded',
  'refunded',
]);
// A refused return, or a withdrawal the shop may refuse (art. 16), leaves the units with the shopper.
const LEAVES_UNITS = new Set<Order['returns'][number]['status']>(['refused', 'exception']);

/** The units of each line that went, or are going, back: its returns and withdrawals. */
function unitsBack(order: Reviewable) {
  const back = new Map<string, { units: number; isWithdrawal: boolean }>();
  for (const ret of order.returns) {
    if (LEAVES_UNITS.has(ret.status)) continue;
    for (const line of ret.lines) {
      const was = back.get(line.lineId);
      back.set(line.lineId, {
        units: (was?.units ?? 0) + line.quantity,
        isWithdrawal: (was?.isWithdrawal ?? false) || ret.kind === 'withdrawal',
      });
    }
  }
  return back;
}

/** The delivered units of each line: all of a delivered order's, else its delivered parcels'. */
function unitsDelivered(order: Reviewable, lineId: string, quantity: number) {
  if (order.orderStatus === 'delivered' || order.deliveredAt !== null) return quantity;
  return order.shipments
    .filter((s) => s.deliveredAt !== null)
    .flatMap((s) => s.lines)
    .filter((l) => l.lineId === lineId)
    .reduce((sum, l) => sum + l.quantity, 0);
}

/**
 * A shopper may review a product when one of their orders holds a delivered unit of it (any
 * size or colour) that they kept: not returned or withdrawn, in an order neither cancelled nor
 * refunded in full (a partial refund keeps the rest theirs). Otherwise the reason names the
 * nearest miss: an order still on its way, then a unit sent back, then an order undone, and
 * the spec's sentence for a shopper who never bought it. `orders` come newest first.
 */
export function reviewStanding(orders: Reviewable[], productId: string): ReviewStanding {
  const misses = new Set<string>();
  for (const order of orders) {
    if (!BOUGHT.has(order.paymentStatus)) continue;
    const back = unitsBack(order);
    for (const line of order.cartItems) {
      if (line.productId !== productId) continue;
      const sent = back.get(line.lineId);
      const notBack = line.quantity - (sent?.units ?? 0);
      if (notBack <= 0) {
        misses.add(sent?.isWithdrawal ? withdrawnMessage : returnedMessage);
      } else if (order.orderStatus === 'cancelled' || order.orderStatus === 'rejected') {
        misses.add(cancelledMessage);
      } else if (order.paymentStatus === 'refunded') {
        misses.add(refundedMessage);
      } else if (Math.min(notBack, unitsDelivered(order, line.lineId, line.quantity)) > 0) {
        return { canReview: true, size: line.size === '' ? null : line.size };
      } else {
        misses.add(notDeliveredMessage);
      }
    }
  }
  const reason = [
    notDeliveredMessage,
    returnedMessage,
    withdrawnMessage,
    cancelledMessage,
    refundedMessage,
  ].find((m) => misses.has(m));
  return { canReview: false, reason: reason ?? notPurchasedMessage };
}
