import { z } from 'zod';
import { text } from './common';
import { maxReviewLength } from './limits';
import { fitSchema, fitValues } from './size-charts';

export { maxReviewLength } from './limits';

export const ratingMessage = 'Please rate the product from 1 to 5 stars.';
export const notPurchasedMessage = 'You need to purchase this product to review it.';
// Why a buyer may not review (yet): each names the real reason (reviews/review-eligibility.ts).
export const notDeliveredMessage =
  'You can review this product once your order has been delivered.';
export const returnedMessage = 'You returned this product, so it cannot be reviewed.';
export const withdrawnMessage =
  'You withdrew from the purchase of this product, so it cannot be reviewed.';
export const cancelledMessage =
  'Your order of this product was cancelled, so it cannot be reviewed.';
export const refundedMessage = 'Your order of this product was refunded, so it cannot be reviewed.';
export const alreadyReviewedMessage = 'You have already reviewed this product.';
export const fitNeedsSizeMessage =
  'fit: only a buyer of a size of this product can say how it fitted.';

/**
 * SPEC §7 sends productId, userId, userName, reviewMessage, reviewValue. The author comes from
 * the session: a userId other than the session's is refused, userName is ignored.
 */
export const addReviewBody = z.strictObject({
  productId: z.string().max(100),
  userId: z.string().max(100).optional(),
  userName: z.string().max(200).optional(),
  reviewMessage: text({ max: maxReviewLength, multiline: true }),
  // The range is checked by the service so a 0 gets a sentence a shopper can read.
  reviewValue: z.number().int('must be a whole number'),
  /** Issue 28: how the size bought fitted; only from a buyer of a size of the product. */
  fit: fitSchema.optional(),
});
export type AddReviewBody = z.input<typeof addReviewBody>;

export const reviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  userId: z.string(),
  userName: z.string(),
  reviewMessage: z.string(),
  reviewValue: z.number().int(),
  createdAt: z.string(),
  /** The size the reviewer bought, from their order (null for a product without sizes). */
  size: z.string().nullable(),
  fit: z.enum(fitValues).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewParams = z.object({ productId: z.string().max(100) });
