import { GUEST_ID } from '@contract/limits';
import { fromCents } from '@contract/money';
import type { Order } from '@contract/orders';
import type { OrderRecord } from './order-record';

/** The API's order: decimals, ISO dates and the 'guest' stand-in, built only at the edge. */
export function toApiOrder(o: OrderRecord): Order {
  return {
    _id: o.id,
    orderNumber: o.orderNumber,
    userId: o.userId ?? GUEST_ID,
    guestEmail: o.guestEmail ?? '',
    cartId: o.cartId ?? '',
    cartItems: o.lines.map((i) => ({
      productId: i.productId,
      variantId: i.variantId,
      size: i.size,
      color: i.color,
      title: i.title,
      image: i.image,
      price: fromCents(i.unitCents),
      quantity: i.quantity,
      lineId: i.lineId,
      discount: fromCents(i.discountCents),
      tax: fromCents(i.taxCents),
    })),
    addressInfo: { ...o.address, addressId: o.address.addressId ?? '' },
    orderStatus: o.orderStatus,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    totalAmount: fromCents(o.totalCents),
    subtotal: fromCents(o.subtotalCents),
    discountAmount: fromCents(o.discountCents),
    shippingAmount: fromCents(o.shippingCents),
    taxAmount: fromCents(o.taxCents),
    taxLines: o.taxLines.map((t) => ({
      name: t.name,
      rate: t.rate,
      amount: fromCents(t.amountCents),
    })),
    shippingMethod: o.shippingMethod && {
      _id: o.shippingMethod.id,
      name: o.shippingMethod.name,
      minDays: o.shippingMethod.minDays,
      maxDays: o.shippingMethod.maxDays,
    },
    discountCode: o.discountCode,
    pricesIncludeTax: o.pricesIncludeTax,
    refundedAmount: fromCents(o.refundedCents),
    orderDate: o.orderDate.toISOString(),
    orderUpdateDate: o.orderUpdateDate.toISOString(),
    paymentId: o.paymentId,
    payerId: o.payerId,
    paymentPendingReason: o.paymentPendingReason,
    reversedAmount: fromCents(o.reversedCents),
    dispute: { status: o.dispute.status, id: o.dispute.id ?? '', outcome: o.dispute.outcome },
    shipOverride: o.shipOverrideAt ? { at: o.shipOverrideAt.toISOString() } : null,
    amountMismatch: o.amountMismatch,
    shipments: o.shipments,
    deliveredAt: o.deliveredAt?.toISOString() ?? null,
    returns: o.returns,
  };
}
