// Order constants without zod, so the storefront bundle does not carry the schema library.

export const orderStatuses = [
  'pending',
  'confirmed',
  'inProcess',
  'inShipping',
  'delivered',
  'rejected',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The statuses an admin may set; confirmed and cancelled belong to the payment flow. */
export const adminOrderStatuses = [
  'pending',
  'inProcess',
  'inShipping',
  'delivered',
  'rejected',
] as const;
export type AdminOrderStatus = (typeof adminOrderStatuses)[number];

export const paymentStatuses = [
  'pending',
  // Captured, but PayPal holds the money (its capture is PENDING: a review, an eCheck): not paid.
  'pending_capture',
  'paid',
  'cancelled',
  'failed',
  'partially_refunded',
  'refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** A payment method as shoppers and staff read it ("PayPal", not the stored "paypal"). */
export const paymentMethodLabel = (method: string) =>
  (({ paypal: 'PayPal' }) as Record<string, string>)[method] ?? method;

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  inProcess: 'In Process',
  inShipping: 'In Shipping',
  delivered: 'Delivered',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  pending_capture: 'Payment pending at PayPal',
  paid: 'Paid',
  cancelled: 'Cancelled',
  failed: 'Failed',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/**
 * Why the order's fulfilment (a shipment, an admin status change) must wait, or undefined when
 * nothing holds it. The one place such holds are listed: PayPal says not to fulfil an order
 * whose capture is still PENDING (developer.paypal.com/payment-methods/webhooks).
 */
export function fulfilmentHold(order: {
  paymentStatus: string;
  /** Absent where the caller has no chargeback facts (they then hold nothing). */
  reversedAmount?: number;
  dispute?: { status: DisputeStatus };
  shipOverride?: { at: string } | null;
}): string | undefined {
  if (order.paymentStatus === 'pending_capture') {
    return 'Payment pending at PayPal: the order can be fulfilled once PayPal completes the payment';
  }
  return chargebackHold(order);
}

/** PayPal's buyer disputes (CUSTOMER.DISPUTE.*): none yet, open, or resolved. */
export const disputeStatuses = ['none', 'open', 'resolved'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** Which of PayPal's reports an amount check compared with the order. */
export const amountCheckKinds = ['capture', 'refund', 'reversal'] as const;
export type AmountCheckKind = (typeof amountCheckKinds)[number];

/**
 * An open dispute or a chargeback holds further shipments (goods sent now would likely be lost
 * with the money) until an admin chooses "Ship anyway"; a new dispute or chargeback clears that.
 */
function chargebackHold(order: {
  reversedAmount?: number;
  dispute?: { status: DisputeStatus };
  shipOverride?: { at: string } | null;
}) {
  if (order.shipOverride) return undefined;
  if ((order.reversedAmount ?? 0) > 0) {
    return 'PayPal charged this payment back: ship it only with an admin\'s "Ship anyway"';
  }
  if (order.dispute?.status === 'open') {
    return 'The buyer opened a dispute at PayPal: ship it only with an admin\'s "Ship anyway"';
  }
  return undefined;
}

/** The fulfilment statuses an order can still be cancelled in: nothing has left yet. */
export const cancellableStatuses: readonly OrderStatus[] = ['pending', 'confirmed', 'inProcess'];

/**
 * A shopper may cancel a paid order (with a refund) until it ships: not once the admin moved it
 * on, nor once a first parcel of it left (a partial shipment keeps it "In Process").
 */
export const canShopperCancel = (order: {
  paymentStatus: string;
  orderStatus: OrderStatus;
  shipments: readonly unknown[];
}) =>
  ['paid', 'partially_refunded'].includes(order.paymentStatus) &&
  cancellableStatuses.includes(order.orderStatus) &&
  order.shipments.length === 0;
/** How shoppers and the admin see an order number: #100042. */
export const formatOrderNumber = (n: number) => `#${n}`;

/** The admin order list's sorts; newest is the list's order without one. */
export const adminOrderSorts = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
export type AdminOrderSort = (typeof adminOrderSorts)[number];
export const maxOrderSearch = 100;
