import type { OrdersExportQuery } from '@contract/csv';
import { toQuery } from '@/lib/api-client';

/** The export files are plain downloads: the browser sends the session cookie with a GET. */
export const productsCsvUrl = '/api/admin/export/products.csv';
export const customersCsvUrl = '/api/admin/export/customers.csv';

export function ordersCsvUrl(query: OrdersExportQuery) {
  return `/api/admin/export/orders.csv${toQuery(query)}`;
}
