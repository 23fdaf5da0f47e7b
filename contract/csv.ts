import { z } from 'zod';
import { errorResponse } from './common';
import { orderStatuses } from './order-constants';

/** A bad cell of an imported file: its line (1 is the header), column name and the rule. */
export const csvRowError = z.object({
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof csvRowError>;

/** `POST /api/admin/import/products?dryRun=`: true checks the file and writes nothing. */
export const importQuery = z.object({
  dryRun: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
});

/** What a clean file did (or, on a dry run, would do). */
export const importReport = z.object({
  success: z.literal(true),
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(csvRowError).max(0),
});
export type ImportReport = z.infer<typeof importReport>;

/** A file with bad rows: every one reported (up to 1,000), nothing written. */
export const importRefusal = errorResponse.extend({ errors: z.array(csvRowError) });
export type ImportRefusal = z.infer<typeof importRefusal>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

/** `GET /api/admin/export/orders.csv`: order dates from/to (inclusive days, UTC), a status. */
export const ordersExportQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  status: z.enum(orderStatuses).optional(),
});
export type OrdersExportQuery = z.infer<typeof ordersExportQuery>;
