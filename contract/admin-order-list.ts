import { z } from 'zod';
import { adminOrderSorts, maxOrderSearch, orderStatuses, paymentStatuses } from './order-constants';

/** An empty parameter (`?status=`, as a form sends it) is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const count = (max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

/** A UTC day, as the list shows an order's date (its ISO date part). */
const day = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });

/**
 * `GET /api/admin/orders/get`: every filter optional; without any, all orders newest first.
 * `from` and `to` are UTC days, both included. A search matches the order number (#100042 or
 * 100042), the email (the account's or the guest's) and the name (the account's or the order's).
 */
export const adminOrdersQuery = z
  .object({
    search: optional(
      z
        .string()
        .max(maxOrderSearch, `must be at most ${maxOrderSearch} characters`)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
        .regex(/^[^\u0000-\u001F\u007F]*$/, 'must not contain control characters')
        .transform((s) => s.trim()),
    ),
    status: optional(
      z.enum(orderStatuses, { message: `must be one of ${orderStatuses.join(', ')}` }),
    ),
    paymentStatus: optional(
      z.enum(paymentStatuses, { message: `must be one of ${paymentStatuses.join(', ')}` }),
    ),
    from: optional(day),
    to: optional(day),
    sort: optional(
      z.enum(adminOrderSorts, { message: `must be one of ${adminOrderSorts.join(', ')}` }),
    ).transform((s) => s ?? 'newest'),
    page: optional(count(100_000)).transform((n) => n ?? 1),
    limit: optional(count(100)).transform((n) => n ?? 50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'must not be before from',
    path: ['to'],
  });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;
