import { z } from 'zod';
import { dataResponse } from './common';

export const maxStockAlerts = 100;

const idString = z.string().min(1, 'is required').max(100, 'must be at most 100 characters');

export const stockAlertBody = z.strictObject({ productId: idString });
export const stockAlertParams = z.object({ productId: idString });

/** The products the shopper waits for. */
export const stockAlertsResponse = dataResponse(
  z.array(z.object({ productId: z.string(), createdAt: z.string() })),
);
