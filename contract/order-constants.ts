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
  'paid',
  'cancelled',
  'failed',
  'partially_refunded',
  'refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

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
  paid: 'Paid',
  cancelled: 'Cancelled',
  failed: 'Failed',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

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
