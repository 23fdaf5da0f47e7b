import { z } from 'zod';
import { dataResponse } from './common';

/** Ids arrive as strings; a malformed one is answered 404 by the service, never 500. */
const idString = z.string().min(1, 'is required').max(100, 'must be at most 100 characters');
const quantity = z
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(10_000, 'must be at most 10000');

/**
 * `variantId` names the size/colour: required when the product has variants, refused when it
 * has none. On update, it may be left out when the cart holds one line of the product.
 */
const variantId = idString.nullable().optional();
export const cartItemBody = z.strictObject({
  userId: idString,
  productId: idString,
  variantId,
  quantity,
});
export type CartItemBody = z.infer<typeof cartItemBody>;

export const cartUserParams = z.object({ userId: idString });
export const cartItemParams = z.object({ userId: idString, productId: idString });
/** `DELETE /:userId/:productId?variantId=`: which size/colour line of the product. */
export const cartItemQuery = z.strictObject({ variantId: idString.optional() });

export const cartItemSchema = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  size: z.string(),
  color: z.string(),
  image: z.string(),
  title: z.string(),
  price: z.number(),
  salePrice: z.number(),
  quantity: z.number().int(),
  /** The stock now (the variant's), so the client can refuse a quantity before asking the server. */
  totalStock: z.number().int(),
  /** Present (true) when the line has no size but its product now comes in sizes: it cannot be ordered. */
  needsSize: z.literal(true).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** `_id` is null until the shopper first adds something. */
export const cartSchema = z.object({ _id: z.string().nullable(), items: z.array(cartItemSchema) });
export type Cart = z.infer<typeof cartSchema>;

export const cartResponse = dataResponse(cartSchema);

export { stockLimitMessage } from './limits';
