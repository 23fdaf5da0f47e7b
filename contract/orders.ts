import { z } from 'zod';
import { dataResponse, paginationSchema, text } from './common';
import { taxLine } from './pricing';

export * from './order-constants';

import { adminOrderStatuses, orderStatuses, paymentStatuses } from './order-constants';

export const orderSchema = z.object({
  _id: z.string(),
  /** The human order number, shown as #100042 and sent to PayPal as invoice_id. */
  orderNumber: z.number().int(),
  userId: z.string(),
  cartId: z.string(),
  cartItems: z.array(
    z.object({
      productId: z.string(),
      /** The size/colour bought (null for a product without variants). */
      variantId: z.string().nullable(),
      size: z.string(),
      color: z.string(),
      title: z.string(),
      image: z.string(),
      price: z.number(),
      quantity: z.number().int(),
      /** The line's id (returns and refunds name lines by it). */
      lineId: z.string(),
      /** The line's share of the order's discount, and its tax. */
      discount: z.number(),
      tax: z.number(),
    }),
  ),
  addressInfo: z.object({
    addressId: z.string(),
    address: z.string(),
    city: z.string(),
    pincode: z.string(),
    phone: z.string(),
    notes: z.string(),
    country: z.string(),
    region: z.string(),
  }),
  orderStatus: z.enum(orderStatuses),
  paymentMethod: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  totalAmount: z.number(),
  /** The quote the total came from: total = subtotal - discount + shipping (+ tax unless included). */
  subtotal: z.number(),
  discountAmount: z.number(),
  shippingAmount: z.number(),
  taxAmount: z.number(),
  taxLines: z.array(taxLine),
  shippingMethod: z
    .object({ _id: z.string(), name: z.string(), minDays: z.number(), maxDays: z.number() })
    .nullable(),
  discountCode: z.string(),
  pricesIncludeTax: z.boolean(),
  /** Refunded so far (completed or in progress). */
  refundedAmount: z.number(),
  orderDate: z.string(),
  orderUpdateDate: z.string(),
  paymentId: z.string(),
  payerId: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

const idString = z.string().min(1, 'is required').max(100, 'must be at most 100 characters');
const loose = z.string().max(2000).optional();

/**
 * The create-order payload of SPEC §7. Only userId and addressInfo.addressId are used: the
 * lines come from the shopper's cart, prices and total from the catalogue, statuses from the
 * server. The other fields are accepted so a client written against the spec works, and ignored.
 */
export const createOrderBody = z.strictObject({
  userId: idString,
  cartId: loose,
  cartItems: z
    .array(
      z.strictObject({
        productId: loose,
        variantId: loose.nullable(),
        size: loose,
        color: loose,
        title: loose,
        image: loose,
        price: z.union([z.number(), z.string().max(50)]).optional(),
        salePrice: z.union([z.number(), z.string().max(50)]).optional(),
        quantity: z.number().optional(),
        totalStock: z.number().optional(),
      }),
    )
    .max(500)
    .optional(),
  addressInfo: z
    .strictObject({
      addressId: z.string().max(100).optional(),
      address: loose,
      city: loose,
      pincode: loose,
      phone: loose,
      notes: loose,
    })
    .optional(),
  orderStatus: loose,
  paymentMethod: loose,
  paymentStatus: loose,
  totalAmount: z.union([z.number(), z.string().max(50)]).optional(),
  orderDate: loose,
  orderUpdateDate: loose,
  paymentId: loose,
  payerId: loose,
  /** The method chosen from the quote's (default: the cheapest), and a discount code. */
  shippingMethodId: z.string().max(100).optional(),
  discountCode: z.string().trim().max(64, 'must be at most 64 characters').optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const createOrderResponse = z.object({
  success: z.literal(true),
  approvalURL: z.string(),
  orderId: z.string(),
});

/**
 * paymentId is PayPal's order id (the `token` of the return URL); payerId its PayerID. The
 * return URL alone is enough: without orderId the server finds the shopper's order by token.
 */
export const captureBody = z
  .strictObject({
    orderId: idString.optional(),
    paymentId: z.string().min(1).max(100).optional(),
    payerId: z.string().max(100).optional(),
  })
  .refine((b) => b.orderId || b.paymentId, {
    message: 'orderId or paymentId (the PayPal token) is required',
    path: ['paymentId'],
  });
export type CaptureBody = z.infer<typeof captureBody>;
export const cancelBody = z
  .strictObject({
    orderId: idString.optional(),
    paymentId: z.string().min(1).max(100).optional(),
  })
  .refine((b) => b.orderId || b.paymentId, {
    message: 'orderId or paymentId (the PayPal token) is required',
    path: ['paymentId'],
  });

export const orderResponse = dataResponse(orderSchema);
export const orderMessageResponse = dataResponse(orderSchema).extend({ message: z.string() });
export const orderListResponse = dataResponse(z.array(orderSchema));
export const pagedOrderListResponse = dataResponse(z.array(orderSchema)).extend({
  pagination: paginationSchema,
});

export const orderUserParams = z.object({ userId: idString });
export const orderIdParams = z.object({ id: idString });
export const adminOrdersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const updateOrderStatusBody = z.strictObject({
  orderStatus: z.enum(adminOrderStatuses, {
    message: `must be one of ${adminOrderStatuses.join(', ')}`,
  }),
  /** Shown in the shipping email (inShipping). */
  trackingNumber: text({ max: 100 }).optional(),
});

export const checkoutInfoResponse = dataResponse(
  z.object({
    paymentProvider: z.literal('paypal'),
    /** True unless payments go to PayPal's live API: the checkout then says no money moves. */
    isSandbox: z.boolean(),
    /** The messaging-app chat link, when the shop has a number. */
    chatUrl: z.string().nullable(),
  }),
);

export const orderPendingMinutes = 30;

/** An admin refund: `amount` (decimal) defaults to everything not yet refunded. */
export const refundBody = z.strictObject({
  amount: z
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .max(999_999.99, 'is too large')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      message: 'must have at most 2 decimals',
    })
    .optional(),
  reason: text({ max: 500 }),
});
export type RefundBody = z.infer<typeof refundBody>;
