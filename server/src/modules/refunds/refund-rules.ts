import { formatMoney, fromCents } from '@contract/money';
import { cancellableStatuses, type OrderStatus } from '@contract/orders';
import { AppError } from '../../lib/app-error';

/** Payment states whose money can still be (partly) refunded. */
export const PAID = new Set(['paid', 'partially_refunded']);

type LockedOrder = {
  userId: string | null;
  orderStatus: OrderStatus;
  paymentStatus: string;
  totalCents: number;
  refundedCents: number;
  /** Taken back by chargebacks: never refunded a second time. */
  reversedCents: number;
  /** Its captured payment, which a refund returns money to. */
  payment: { amountCents: number } | undefined;
};

/**
 * What may be refunded of an order, read under its row lock: the cents asked (everything left
 * when none), or a CONFLICT/FORBIDDEN saying why not.
 */
export function refundableCents(
  row: LockedOrder,
  request: { kind: 'cancel' | 'admin'; by: string; amountCents?: number | undefined },
) {
  if (request.kind === 'cancel' && row.userId !== request.by) {
    throw new AppError('FORBIDDEN', 'You can only cancel your own orders');
  }
  if (row.paymentStatus === 'refunded') {
    throw new AppError('CONFLICT', 'This order is already refunded in full');
  }
  if (row.paymentStatus === 'pending_capture') {
    throw new AppError(
      'CONFLICT',
      'Payment pending at PayPal: nothing can be refunded or cancelled until PayPal completes or declines it',
    );
  }
  if (!PAID.has(row.paymentStatus) || !row.payment) {
    throw new AppError('CONFLICT', 'Only a paid order can be refunded');
  }
  const remaining = paidLeftCents(row);
  if (remaining <= 0) {
    throw new AppError('CONFLICT', 'This order is already refunded in full');
  }
  const amountCents = request.amountCents ?? remaining;
  if (amountCents > remaining) {
    throw new AppError(
      'CONFLICT',
      `At most ${formatMoney(fromCents(remaining))} of this order can still be refunded`,
    );
  }
  return amountCents;
}

/**
 * A shopper's cancellation: nothing of the order has left, neither by its status nor by a first
 * parcel (a partial shipment keeps it "In Process"; shipments take the same row lock).
 */
export function assertCancellable(row: { orderStatus: OrderStatus }, shipmentCount: number) {
  if (row.orderStatus === 'cancelled') {
    throw new AppError('CONFLICT', 'This order is already cancelled');
  }
  if (!cancellableStatuses.includes(row.orderStatus) || shipmentCount > 0) {
    throw new AppError('CONFLICT', 'This order has shipped and can no longer be cancelled');
  }
}

/** What is still the shop's of an order's payment: what it paid less refunds and chargebacks. */
export const paidLeftCents = (
  row: Pick<LockedOrder, 'payment' | 'refundedCents' | 'reversedCents'>,
) => Math.max(0, (row.payment?.amountCents ?? 0) - row.refundedCents - row.reversedCents);
