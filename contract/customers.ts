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

/** A position in the list, from a previous answer's `next` or `prev` (opaque to clients). */
const cursor = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor from a previous answer');

export const customersQuery = z
  .object({
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
    /** Ignored when a cursor is given. */
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    /** The page after this position (`pagination.next`), read from the index at any depth. */
    after: cursor.optional(),
    /** The page before this position (`pagination.prev`). */
    before: cursor.optional(),
  })
  .refine((q) => !(q.after && q.before), {
    message: 'give after or before, not both',
    path: ['before'],
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
  /** Their totals minus their refunds and chargebacks. */
  totalSpent: z.number(),
  lastOrderAt: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerPaginationSchema = paginationSchema.extend({
  /** Null on a page found by a cursor (numbering it would mean counting every row before it). */
  page: z.number().int().nullable(),
  /** Cursors for `after` and `before`: null at the end and at the start of the list. */
  next: z.string().nullable(),
  prev: z.string().nullable(),
});
export const customerListResponse = dataResponse(z.array(customerSummarySchema)).extend({
  pagination: customerPaginationSchema,
});
export type CustomerListAnswer = z.infer<typeof customerListResponse>;

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
