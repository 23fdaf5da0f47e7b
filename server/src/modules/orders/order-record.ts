import type { Order } from '@contract/orders';
import type { OrderPaymentRow } from './order-payments.repository';
import type { OrderItemRow, OrderRow } from './orders.repository';
import type { AmountMismatch, OrderShippingMethod, OrderTaxLine } from './orders.table';

/** One line of an order: its price, its share of the discount and its tax, in cents. */
export type OrderLine = {
  lineId: string;
  productId: string;
  variantId: string | null;
  size: string;
  color: string;
  title: string;
  image: string;
  unitCents: number;
  quantity: number;
  discountCents: number;
  taxCents: number;
};

/** Parts of an order that other modules own and load for a whole list of orders at once. */
export type OrderParts = { shipments: Order['shipments']; returns: Order['returns'] };

/**
 * The order as modules hand it to each other: cents, dates and nulls, in the order's currency.
 * Only routes turn it into the API's `Order` (toApiOrder).
 */
export type OrderRecord = OrderParts & {
  id: string;
  orderNumber: number;
  /** Null for a guest's order that no account has claimed. */
  userId: string | null;
  /** The email a guest checked out with; null for a shopper's order. */
  guestEmail: string | null;
  cartId: string | null;
  /** ISO 4217 code of every amount below. */
  currency: string;
  lines: OrderLine[];
  /** The delivery address snapshotted at checkout; addressId null for a guest's typed-in one. */
  address: Omit<Order['addressInfo'], 'addressId'> & { addressId: string | null };
  orderStatus: OrderRow['orderStatus'];
  paymentMethod: string;
  paymentStatus: OrderRow['paymentStatus'];
  totalCents: number;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  taxLines: OrderTaxLine[];
  shippingMethod: OrderShippingMethod | null;
  discountCode: string;
  pricesIncludeTax: boolean;
  /** What its captured payments took: the total once paid, 0 before. */
  paidCents: number;
  refundedCents: number;
  reversedCents: number;
  orderDate: Date;
  orderUpdateDate: Date;
  deliveredAt: Date | null;
  /** The provider's ids of its capture and payer ('' before a capture). */
  paymentId: string;
  payerId: string;
  /** Why PayPal holds a pending_capture payment; '' in any other payment status. */
  paymentPendingReason: string;
  dispute: { status: OrderRow['disputeStatus']; id: string | null; outcome: string };
  shipOverrideAt: Date | null;
  amountMismatch: AmountMismatch | null;
};

export function toRecord(
  row: OrderRow,
  items: OrderItemRow[],
  payments: OrderPaymentRow[],
  parts: OrderParts,
): OrderRecord {
  // One provider payment per order today (order_payments' unique key).
  const provider = payments[0];
  const captured = payments.filter((p) => p.status === 'captured');
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    userId: row.userId,
    guestEmail: row.guestEmail,
    cartId: row.cartId,
    currency: row.currency,
    lines: items.map((i) => ({
      lineId: i.id,
      productId: i.productId,
      variantId: i.variantId,
      size: i.size,
      color: i.color,
      title: i.title,
      image: i.image,
      unitCents: i.unitPriceCents,
      quantity: i.quantity,
      discountCents: i.discountCents,
      taxCents: i.taxCents,
    })),
    address: {
      addressId: row.addressId,
      name: row.recipientName,
      address: row.address,
      city: row.city,
      pincode: row.pincode,
      phone: row.phone,
      notes: row.notes,
      country: row.country,
      region: row.region,
    },
    orderStatus: row.orderStatus,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    totalCents: row.totalCents,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    shippingCents: row.shippingCents,
    taxCents: row.taxCents,
    taxLines: row.taxLines,
    shippingMethod: row.shippingMethod,
    discountCode: row.discountCode,
    pricesIncludeTax: row.pricesIncludeTax,
    paidCents: captured.reduce((sum, p) => sum + p.amountCents, 0),
    refundedCents: row.refundedCents,
    reversedCents: row.reversedCents,
    orderDate: row.orderDate,
    orderUpdateDate: row.orderUpdateDate,
    deliveredAt: row.deliveredAt,
    paymentId: provider?.captureId ?? '',
    payerId: provider?.payerId ?? '',
    paymentPendingReason:
      row.paymentStatus === 'pending_capture' ? (provider?.capturePendingReason ?? '') : '',
    dispute: { status: row.disputeStatus, id: row.disputeId, outcome: row.disputeOutcome },
    shipOverrideAt: row.shipOverrideAt,
    amountMismatch: row.amountMismatch,
    shipments: parts.shipments,
    returns: parts.returns,
  };
}

/** The facts the contract's fulfilment rules read (leftToShip, fulfilmentHold, reviews, ...). */
export const fulfilmentFacts = (o: OrderRecord) => ({
  paymentStatus: o.paymentStatus,
  orderStatus: o.orderStatus,
  deliveredAt: o.deliveredAt?.toISOString() ?? null,
  cartItems: o.lines,
  shipments: o.shipments,
  returns: o.returns,
  reversedAmount: o.reversedCents,
  dispute: o.dispute,
  shipOverride: o.shipOverrideAt && { at: o.shipOverrideAt.toISOString() },
});

/** An answer that carries orders, as a service builds it: its route maps them with toApiOrder. */
export type WithOrderRecords<T extends { orders: unknown }> = Omit<T, 'orders'> & {
  orders: OrderRecord[];
};
