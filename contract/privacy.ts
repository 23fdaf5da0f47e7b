import { z } from 'zod';
import { addressSchema } from './addresses';
import { messageResponse } from './common';
import { orderSchema } from './orders';
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
  orders: z.array(orderSchema),
  reviews: z.array(reviewSchema),
  savedItems: z.array(savedItemSchema),
  stockAlerts: z.array(
    z.object({ productId: z.string(), variantId: z.string().nullable(), createdAt: z.string() }),
  ),
  savedSizes: z.array(savedSizeSchema),
  /** Mail the shop sent or will send: kind, subject and dates (bodies are not kept). */
  emails: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
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
  success: z.boolean(),
  message: z.string(),
  data: z.object({ _id: z.string(), deletedAt: z.string() }),
});

/** How often one account's data may be downloaded, per hour. */
export const exportsPerHour = 5;
