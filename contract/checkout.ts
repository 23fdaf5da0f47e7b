/** The checkout's requests: create an order, capture or cancel its payment, the checkout's info. */
import { z } from 'zod';
import { addressFields } from './addresses';
import { emailSchema } from './auth';
import { dataResponse, text } from './common';
import { addressRegion } from './delivery-place';
import { addressFieldMax, maxOrderTotalCents, recipientNameMax } from './limits';
import { fromCents } from './money';
import { idString } from './orders';
import { countryCode, enteredDiscountCode } from './pricing';

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
      // A guest's delivery place (guestOrderDetails); a shopper's comes from the saved address.
      country: z.string().max(10).optional(),
      region: z.string().max(60).optional(),
      /** A guest's recipient (guestOrderDetails); a shopper's order takes the account's name. */
      name: loose,
    })
    .optional(),
  /** A guest's email (GUEST_CHECKOUT, userId "guest"): the confirmation and its link go there. */
  email: z.string().max(320).optional(),
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
  discountCode: enteredDiscountCode.optional(),
  /**
   * The total the shopper was shown (dollars, as the quote's `total`): when the server's total
   * differs the order is not made (409 naming the new total). Optional: the spec's clients omit it.
   */
  expectedTotal: z
    .number()
    .min(0, 'must not be negative')
    .max(fromCents(maxOrderTotalCents), `must be at most ${fromCents(maxOrderTotalCents)}`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'must have at most two decimals')
    .optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

/**
 * What a guest's create-order body must hold besides the spec's fields: an email and a whole
 * delivery address (the recipient's name and the five fields, notes optional, and the country and region that price
 * shipping and tax; the shop's country when none is sent).
 */
export const guestOrderDetails = z.object({
  email: emailSchema,
  addressInfo: z.object({
    name: text({ max: recipientNameMax }),
    address: addressFields.address,
    city: addressFields.city,
    pincode: addressFields.pincode,
    phone: addressFields.phone,
    notes: text({ min: 0, max: addressFieldMax.notes, multiline: true }).default(''),
    country: countryCode.optional(),
    region: addressRegion.default(''),
  }),
});
export type GuestOrderDetails = z.infer<typeof guestOrderDetails>;

export const createOrderResponse = z.object({
  success: z.literal(true),
  approvalURL: z.string(),
  orderId: z.string(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

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
export type CancelBody = z.infer<typeof cancelBody>;

export const checkoutInfoResponse = dataResponse(
  z.object({
    paymentProvider: z.literal('paypal'),
    /** True unless payments go to PayPal's live API: the checkout then says no money moves. */
    isSandbox: z.boolean(),
    /** The messaging-app chat link, when the shop has a number. */
    chatUrl: z.string().nullable(),
  }),
);
export type CheckoutInfo = z.infer<typeof checkoutInfoResponse>['data'];
