import { z } from 'zod';
import { dataResponse } from './common';

export const maxSavedItems = 200;

const idString = z.string().min(1, 'is required').max(100, 'must be at most 100 characters');

export const wishlistBody = z.strictObject({ productId: idString });
export const wishlistParams = z.object({ productId: idString });

export const savedItemSchema = z.object({
  productId: z.string(),
  title: z.string(),
  image: z.string(),
  price: z.number(),
  salePrice: z.number(),
  totalStock: z.number().int(),
  savedAt: z.string(),
});
export type SavedItem = z.infer<typeof savedItemSchema>;

/** The shopper's saved items, newest first. */
export const wishlistResponse = dataResponse(z.array(savedItemSchema));
