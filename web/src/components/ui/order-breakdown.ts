import type { Order } from '@contract/orders';
import type { Breakdown } from './price-breakdown';

/** The figures the order was charged by (its quote at checkout). */
export const orderBreakdown = (order: Order): Breakdown => ({
  subtotal: order.subtotal,
  discount: order.discountAmount,
  discountCode: order.discountCode || null,
  shipping: order.shippingAmount,
  shippingName: order.shippingMethod?.name ?? null,
  tax: order.taxAmount,
  taxLines: order.taxLines,
  pricesIncludeTax: order.pricesIncludeTax,
  total: order.totalAmount,
});
