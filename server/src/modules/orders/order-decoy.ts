import type { OrderRow } from './orders.repository';

/** No order has this id: queries for its lines and parts find nothing, as for a new order's. */
export const DECOY_ORDER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A guest order that does not exist, for the requests that must do the same work whether or
 * not an order matches (the lookup, the withdrawal): they read its lines and parts, build its
 * mail and write it, and then undo the writes. Its email is the one asked about.
 */
export function decoyOrderRow(orderNumber: number, email: string): OrderRow {
  const epoch = new Date(0);
  // The columns an order answer is made of; others read as absent (it is never shown).
  const row: Partial<OrderRow> = {
    id: DECOY_ORDER_ID,
    orderNumber,
    userId: null,
    guestEmail: email,
    guestKey: '',
    cartId: null,
    addressId: null,
    address: '',
    city: '',
    pincode: '',
    phone: '',
    notes: '',
    recipientName: '',
    orderStatus: 'pending',
    paymentMethod: 'paypal',
    paymentStatus: 'pending',
    totalCents: 0,
    currency: 'USD',
    subtotalCents: 0,
    discountCents: 0,
    shippingCents: 0,
    taxCents: 0,
    taxLines: [],
    shippingMethod: null,
    discountCode: '',
    pricesIncludeTax: false,
    country: '',
    region: '',
    refundedCents: 0,
    orderDate: epoch,
    orderUpdateDate: epoch,
    deliveredAt: null,
  };
  return row as OrderRow;
}
