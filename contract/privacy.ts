import { z } from 'zod';
import { addressSchema } from './addresses';
import { cartSchema } from './cart';
import { dataResponse, messageResponse } from './common';
import { orderLookupBody, orderSchema } from './orders';
import { reviewSchema } from './reviews';
import { savedSizeSchema } from './size-charts';
import { savedItemSchema } from './wishlist';

/** The password that confirms a shopper's own deletion (checked, never stored). */
export const deleteAccountBody = z.strictObject({
  password: z
    .string({ message: 'is required' })
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

const noteExport = z.object({ body: z.string(), createdAt: z.string() });
const emailExport = z.object({
  kind: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/**
 * Everything the shop holds about one account (GDPR art. 15), as the JSON download answers it.
 * Never the password hash, never another person's data (staff notes name no author).
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    _id: z.string(),
    userName: z.string(),
    email: z.string(),
    role: z.string(),
    joinedAt: z.string(),
  }),
  addresses: z.array(addressSchema),
  /** The account's orders, then the guest orders placed with its email that it has not claimed. */
  orders: z.array(orderSchema),
  cart: cartSchema,
  reviews: z.array(reviewSchema),
  savedItems: z.array(savedItemSchema),
  stockAlerts: z.array(
    z.object({ productId: z.string(), variantId: z.string().nullable(), createdAt: z.string() }),
  ),
  savedSizes: z.array(savedSizeSchema),
  /** Mail the shop sent or will send: kind, subject and dates (bodies are not kept). */
  emails: z.array(emailExport),
  /** The shop's internal notes about the person and their orders (art. 15 covers them). */
  notes: z.object({
    customer: z.array(noteExport),
    orders: z.array(noteExport.extend({ orderId: z.string() })),
  }),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const accountDeletedResponse = messageResponse;

/** The admin's erasure: only the id and when, so the audit entry keeps no personal data. */
export const customerErasedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string(), deletedAt: z.string() }),
});
export type CustomerErasedResponse = z.infer<typeof customerErasedResponse>;

/** How often one account's data may be downloaded, per hour. */
export const exportsPerHour = 5;

/** The blocked erasure's reason: an order paid (or being captured) and not delivered or refunded. */
export const erasureBlockedMessage = (orderNumber: number) =>
  `Order #${orderNumber} is paid and not delivered yet; we can erase your data once it is delivered or refunded`;

// ---- A guest's requests: by order number and email, proven by a link sent to that email ----

export const guestPrivacyRequests = ['download', 'erase'] as const;
export type GuestPrivacyRequest = (typeof guestPrivacyRequests)[number];

/** The order lookup's fields, and what the guest asks for. */
export const guestPrivacyBody = orderLookupBody.extend({
  request: z.enum(guestPrivacyRequests, { message: 'must be download or erase' }),
});
export type GuestPrivacyBody = z.input<typeof guestPrivacyBody>;

export const GUEST_PRIVACY_MESSAGE =
  'If an order with this number was placed with this email, we have sent a link to that address to confirm your request.';

/** How long a guest's privacy link works. */
export const guestPrivacyHours = 24;

export const guestPrivacyParams = z.object({ token: z.string().max(200) });

/** What a guest's link allows: its request, for which orders, until when. */
export const guestPrivacyLinkSchema = z.object({
  request: z.enum(guestPrivacyRequests),
  orderNumbers: z.array(z.number().int()),
  expiresAt: z.string(),
});
export type GuestPrivacyLink = z.infer<typeof guestPrivacyLinkSchema>;
export const guestPrivacyLinkResponse = dataResponse(guestPrivacyLinkSchema);

/** Everything the shop holds about a guest's orders (art. 15 and 20), as their download. */
export const guestExportSchema = z.object({
  exportedAt: z.string(),
  email: z.string(),
  orders: z.array(orderSchema),
  emails: z.array(emailExport),
});
export type GuestExport = z.infer<typeof guestExportSchema>;

export const guestErasedResponse = dataResponse(
  z.object({ erasedOrders: z.number().int() }),
).extend({ message: z.string() });
export type GuestErasedResponse = z.infer<typeof guestErasedResponse>;
