import { z } from 'zod';
import { emailSchema } from './auth';
import { dataResponse, messageResponse, pagedResponse, text } from './common';
import { noteSchema } from './notes';
import { taxLine } from './pricing';
import { returnSchema } from './returns';
import { shipmentSchema } from './shipments';

export * from './admin-order-list';
export * from './order-constants';

import {
  adminOrderStatuses,
  amountCheckKinds,
  disputeStatuses,
  orderStatuses,
  paymentStatuses,
} from './order-constants';

export const orderSchema = z.object({
  _id: z.string(),
  /** The human order number, shown as #100042 and sent to PayPal as invoice_id. */
  orderNumber: z.number().int(),
  /** The shopper's id; "guest" for a guest's order not claimed by an account. */
  userId: z.string(),
  /** The email a guest checked out with ('' for a shopper's order): its messages go there. */
  guestEmail: z.string(),
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
    /** Whom the parcel is for: the name a guest typed, a shopper's account name at checkout. */
    name: z.string(),
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
  /** Why PayPal holds a pending_capture payment (its status_details.reason, e.g. PENDING_REVIEW); '' otherwise. */
  paymentPendingReason: z.string(),
  /** Taken back by PayPal in chargebacks (PAYMENT.CAPTURE.REVERSED); revenue is net of it. */
  reversedAmount: z.number(),
  /** The buyer's dispute at PayPal: its id and, once resolved, PayPal's outcome_code. */
  dispute: z.object({ status: z.enum(disputeStatuses), id: z.string(), outcome: z.string() }),
  /** When an admin chose "Ship anyway" despite the dispute or chargeback (who: the audit log). */
  shipOverride: z.object({ at: z.string() }).nullable(),
  /** The last capture, refund or chargeback PayPal reported that did not match the order. */
  amountMismatch: z
    .object({
      kind: z.enum(amountCheckKinds),
      expected: z.string(),
      seen: z.string(),
      at: z.string(),
    })
    .nullable(),
  /** The parcels sent so far, oldest first (issue 26). */
  shipments: z.array(shipmentSchema),
  /** When the admin marked it delivered (kept from the first time); the return window counts from it. */
  deliveredAt: z.string().nullable(),
  /** Its returns and withdrawals, oldest first (issue 26). */
  returns: z.array(returnSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** An order's id in params and bodies (the checkout's requests use it too). */
export const idString = z.string().min(1, 'is required').max(100, 'must be at most 100 characters');

export const orderResponse = dataResponse(orderSchema);
/**
 * Who placed an order, for the admin: an account's name and email and its customer page
 * (customerId), or a guest's recipient name and email (customerId null until an account claims it).
 */
export const orderCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  customerId: z.string().nullable(),
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;
/** A return in the admin's queue, with who placed its order (the return card names them). */
export const adminReturnSchema = returnSchema.extend({ customer: orderCustomerSchema });
export type AdminReturn = z.infer<typeof adminReturnSchema>;
export const adminReturnsPageResponse = pagedResponse(adminReturnSchema);
/** An order in the admin's list: the order and who placed it. */
export const adminOrderListItemSchema = orderSchema.extend({ customer: orderCustomerSchema });
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;
/** The admin's order details: the order, who placed it and its internal notes, newest first (never a shopper's). */
export const adminOrderSchema = adminOrderListItemSchema.extend({ notes: z.array(noteSchema) });
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderResponse = dataResponse(adminOrderSchema);
export const orderMessageResponse = dataResponse(orderSchema).extend({ message: z.string() });
/** A guest's capture also answers the token of the order's status page (/shop/order/{token}). */
export const captureResponse = orderMessageResponse.extend({ statusToken: z.string().optional() });
export type CaptureResponse = z.infer<typeof captureResponse>;
export const orderListResponse = dataResponse(z.array(orderSchema));
export const adminOrderListResponse = pagedResponse(adminOrderListItemSchema);

export const orderUserParams = z.object({ userId: idString });
export const orderIdParams = z.object({ id: idString });
export const updateOrderStatusBody = z.strictObject({
  orderStatus: z.enum(adminOrderStatuses, {
    message: `must be one of ${adminOrderStatuses.join(', ')}`,
  }),
  /** Shown in the shipping email (inShipping). */
  trackingNumber: text({ max: 100 }).optional(),
});
export type UpdateOrderStatusBody = z.infer<typeof updateOrderStatusBody>;

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

/** A guest's order found by its emailed link (/shop/order/{token}). */
export const orderTokenParams = z.object({ token: z.string().max(200) });

/**
 * The order lookup: the order number (as printed, `#100042`, or the bare number) and the
 * email it was placed with. Its answer never says whether they matched.
 */
export const orderLookupBody = z.strictObject({
  orderNumber: z
    .union([
      z.number().int().min(1).max(999_999_999_999),
      z
        .string()
        .trim()
        .regex(/^#?\d{1,12}$/, 'must be an order number such as #100042'),
    ])
    .transform((n) => Number(String(n).replace('#', ''))),
  email: emailSchema,
});
export type OrderLookupBody = z.infer<typeof orderLookupBody>;
export const ORDER_LOOKUP_MESSAGE =
  'If an order with this number was placed with this email, we have sent a link to it to that address.';
export const orderLookupResponse = messageResponse;

/** A claim link's token (emailed to an account whose email placed guest orders). */
export const claimOrdersBody = z.strictObject({ token: z.string().min(1).max(200) });
export const claimOrdersResponse = dataResponse(z.object({ claimed: z.number().int() })).extend({
  message: z.string(),
});
export type ClaimOrdersResponse = z.infer<typeof claimOrdersResponse>;
export const CLAIM_REQUEST_MESSAGE =
  'If orders were placed as a guest with your email, we have sent you a link to add them to your account.';
