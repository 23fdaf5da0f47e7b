import { z } from 'zod';
import { queryCount, queryParam, querySearch } from './common';
import { adminOrderSorts, maxOrderSearch, orderStatuses, paymentStatuses } from './order-constants';

/** A UTC day, as the list shows an order's date (its ISO date part). */
const day = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });

/**
 * `GET /api/admin/orders/get`: every filter optional; without any, all orders newest first.
 * `from` and `to` are UTC days, both included. A search matches the order number (#100042 or
 * 100042), the email (the account's or the guest's) and the name (the account's or the order's).
 */
export const adminOrdersQuery = z
  .object({
    search: queryParam(querySearch(maxOrderSearch)),
    status: queryParam(
      z.enum(orderStatuses, { message: `must be one of ${orderStatuses.join(', ')}` }),
    ),
    paymentStatus: queryParam(
      z.enum(paymentStatuses, { message: `must be one of ${paymentStatuses.join(', ')}` }),
    ),
    from: queryParam(day),
    to: queryParam(day),
    sort: queryParam(
      z.enum(adminOrderSorts, { message: `must be one of ${adminOrderSorts.join(', ')}` }),
    ).transform((s) => s ?? 'newest'),
    page: queryParam(queryCount(100_000)).transform((n) => n ?? 1),
    limit: queryParam(queryCount(100)).transform((n) => n ?? 50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'must not be before from',
    path: ['to'],
  });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;
