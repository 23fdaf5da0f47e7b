import { z } from 'zod';
import { addressSchema } from './addresses';
import { dataResponse, paginationSchema } from './common';
import { noteSchema } from './notes';
import { orderStatuses, paymentStatuses } from './order-constants';
import { reviewSchema } from './reviews';
import { savedItemSchema } from './wishlist';

/** What an erased account (GDPR art. 17) is called wherever it is listed. */
export const FORMER_CUSTOMER = 'Former customer';

export const customerSortKeys = ['joined', 'orders', 'spent', 'lastOrder'] as const;
export type CustomerSortKey = (typeof customerSortKeys)[number];
/** A sort key, ascending; with a leading '-', descending (the default: newest customers first). */
export const customerSorts = customerSortKeys.flatMap((k) => [k, `-${k}`] as const);
export type CustomerSort = (typeof customerSorts)[number];

export const maxCustomerSearch = 100;

export const customersQuery = z.object({
  search: z
    .string()
    .max(maxCustomerSearch, `must be at most ${maxCustomerSearch} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
    .regex(/^[^\u0000-\u001F\u007F]*$/, 'must not contain control characters')
    .transform((s) => s.trim())
    .default(''),
  sort: z
    .enum(customerSorts, { message: `must be one of ${customerSorts.join(', ')}` })
    .default('-joined'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type CustomersQuery = z.infer<typeof customersQuery>;

/** active, or erased: personal data replaced, shown as "Former customer", orders kept. */
export const customerStatuses = ['active', 'erased'] as const;

export const customerSummarySchema = z.object({
  _id: z.string(),
  userName: z.string(),
  email: z.string(),
  joinedAt: z.string(),
  status: z.enum(customerStatuses),
  /** Paid orders (paid, partially or wholly refunded); unpaid checkouts do not count. */
  ordersCount: z.number().int(),
  /** Their totals minus their refunds. */
  totalSpent: z.number(),
  lastOrderAt: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerListResponse = dataResponse(z.array(customerSummarySchema)).extend({
  pagination: paginationSchema,
});

export const customerOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.number().int(),
  orderDate: z.string(),
  orderStatus: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  totalAmount: z.number(),
  refundedAmount: z.number(),
  itemCount: z.number().int(),
});

export const customerDetailsSchema = z.object({
  customer: customerSummarySchema,
  addresses: z.array(addressSchema),
  orders: z.array(customerOrderSchema),
  reviews: z.array(reviewSchema),
  savedItems: z.array(savedItemSchema),
  /** Newest first. */
  notes: z.array(noteSchema),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;
export const customerDetailsResponse = dataResponse(customerDetailsSchema);

export const customerIdParams = z.object({ id: z.string().max(100) });
