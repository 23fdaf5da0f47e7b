import type { ShippingAddress } from '../payments';
import type { OrderRow } from './orders.repository';

/**
 * Where PayPal is told the parcel goes (purchase_units[].shipping, SET_PROVIDED_ADDRESS): the
 * order's snapshot, for the recipient the order names (a guest's typed name, a shopper's account
 * name), else the local part of its email. Seller Protection covers goods sent to this address.
 */
export function shippingAddressOf(order: OrderRow): ShippingAddress {
  const name = order.recipientName.trim() || (order.guestEmail ?? '').split('@')[0] || 'Customer';
  return {
    fullName: name,
    addressLine1: order.address,
    adminArea2: order.city,
    adminArea1: order.region,
    postalCode: order.pincode,
    countryCode: order.country,
  };
}
