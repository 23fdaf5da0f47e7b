import { z } from 'zod';
import { dataResponse } from './common';

export const maxStockAlerts = 100;

const idString = z.string().min(1, 'is required').max(100, 'must be at most 100 characters');

/** A sold-out product, or one sold-out size/colour of it (`variantId`). */
export const stockAlertBody = z.strictObject({
  productId: idString,
  variantId: idString.optional(),
});
export const stockAlertParams = z.object({ productId: idString });
/** `?variantId=` names the size's request; without it, the product's own. */
export const stockAlertQuery = z.strictObject({ variantId: idString.optional() });

/** A product or size the shopper waits for (`variantId` null: the product as a whole). */
export const stockAlertSchema = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  createdAt: z.string(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;
export const stockAlertsResponse = dataResponse(z.array(stockAlertSchema));
