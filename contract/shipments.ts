import { z } from 'zod';
import { carriers } from './shipment-constants';

export * from './shipment-constants';

export const shipmentSchema = z.object({
  _id: z.string(),
  carrier: z.enum(carriers),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  /** The order lines (and how many of each) in the parcel. */
  lines: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })),
  createdAt: z.string(),
  /** When it arrived (the admin's record; ISO), or null. */
  deliveredAt: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * POST /api/admin/orders/{id}/shipments. trackingUrl is required for "other" and, for a named
 * carrier, replaces the link its pattern would build (https only).
 */
export const createShipmentBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: z.uuid({ message: 'must be a valid line id' }),
        quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(999),
      }),
    )
    .min(1, 'must name at least one line')
    .max(200),
  carrier: z.enum(carriers, { message: `must be one of ${carriers.join(', ')}` }),
  trackingNumber: z
    .string()
    .trim()
    .min(3, 'must be at least 3 characters')
    .max(40, 'must be at most 40 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'must be letters, digits, spaces or dashes'),
  trackingUrl: z
    .url({ protocol: /^https$/, message: 'must be an https:// link' })
    .max(500, 'must be at most 500 characters')
    .optional(),
});
export type CreateShipmentBody = z.infer<typeof createShipmentBody>;

/** POST /api/admin/orders/{id}/shipments/{shipmentId}/delivered: the parcel arrived. */
export const shipmentParams = z.object({
  id: z.string().max(100),
  shipmentId: z.string().max(100),
});
export const deliverShipmentBody = z
  .strictObject({
    /** When it arrived (ISO, with its offset); now when absent. Not in the future. */
    deliveredAt: z.iso.datetime({ offset: true, message: 'must be a date and time (ISO 8601)' }),
  })
  .partial();
export type DeliverShipmentBody = z.infer<typeof deliverShipmentBody>;
