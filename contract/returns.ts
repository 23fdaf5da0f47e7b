import { z } from 'zod';
import { emailSchema } from './auth';
import { dataResponse, pagedResponse, text } from './common';
import {
  returnKinds,
  returnReasons,
  returnStatuses,
  withdrawalExceptions,
} from './return-constants';

export * from './return-constants';

export const returnSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  kind: z.enum(returnKinds),
  status: z.enum(returnStatuses),
  lines: z.array(
    z.object({
      lineId: z.string(),
      title: z.string(),
      size: z.string(),
      color: z.string(),
      quantity: z.number().int(),
      reason: z.enum(returnReasons),
      /** Set when received: whether the items went back into stock. */
      restocked: z.boolean().nullable(),
    }),
  ),
  comment: z.string(),
  /** The consumer's name, as the withdrawal form asked it ('' for a return). */
  name: z.string(),
  instructions: z.string(),
  refusalReason: z.string(),
  /** An art. 16 exception the admin recorded for a withdrawal, and why. */
  exception: z.enum(withdrawalExceptions).nullable(),
  exceptionReason: z.string(),
  /**
   * Made within the withdrawal period (every withdrawal; a return asked by then): the law's
   * rules apply (never refused, delivery costs refunded with the last item, refund due date).
   */
  isWithdrawalRight: z.boolean(),
  /** The last moment of its refund, 14 days after the shop was told (art. 13(1)); null otherwise. */
  refundDueAt: z.string().nullable(),
  /** Some of its units had left when it was asked: the refund may wait for them (art. 13(3)). */
  awaitsGoods: z.boolean(),
  /** What was refunded (decimal): the lines' share, plus the standard delivery cost and its tax when the last item came back in the period. */
  refundAmount: z.number(),
  shippingRefundAmount: z.number(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type Return = z.infer<typeof returnSchema>;

const returnLine = z.strictObject({
  lineId: z.uuid({ message: 'must be a valid line id' }),
  quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(999),
  /** Needed only after the withdrawal period (within it, a return needs no reason). */
  reason: z
    .enum(returnReasons, { message: `must be one of ${returnReasons.join(', ')}` })
    .optional(),
});

/** POST /api/shop/returns: lines of a delivered order, within the return window. */
export const createReturnBody = z.strictObject({
  orderId: z.uuid({ message: 'must be a valid order id' }),
  lines: z.array(returnLine).min(1, 'must name at least one line').max(200),
  comment: text({ min: 0, max: 1000, multiline: true }).default(''),
});
export type CreateReturnBody = z.infer<typeof createReturnBody>;

/**
 * POST /api/shop/order/status/{token}/returns: a guest's return. The token of the emailed status
 * link proves the order (as it does for the status page), so the body names no order.
 */
export const createGuestReturnBody = createReturnBody.omit({ orderId: true });
export type CreateGuestReturnBody = z.infer<typeof createGuestReturnBody>;

const orderNumber = z
  .union([
    z.number().int().min(1).max(999_999_999_999),
    z
      .string()
      .trim()
      .regex(/^#?\d{1,12}$/, 'must be an order number such as #100042')
      .transform((s) => Number(s.replace('#', ''))),
  ])
  .pipe(z.number().int().min(1, 'must be an order number such as #100042'));

/**
 * POST /api/shop/withdrawals: the EU withdrawal function. Needs only the order number and the
 * email it was placed with; every line (all of each) when none is named.
 */
export const createWithdrawalBody = z.strictObject({
  orderNumber,
  email: emailSchema,
  /** The consumer's name, as the model withdrawal form asks it (Annex I(B)). */
  name: text({ max: 200 }),
  lines: z
    .array(
      z.strictObject({
        lineId: z.uuid({ message: 'must be a valid line id' }),
        quantity: z.number().int().min(1, 'must be at least 1').max(999),
      }),
    )
    .max(200)
    .optional(),
  comment: text({ min: 0, max: 1000, multiline: true }).default(''),
});
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBody>;

/**
 * The withdrawal's answer (202), the same whether or not the number and email match an order,
 * as the order lookup's: the acknowledgment (or why it could not be recorded) goes by email to
 * the address the order was placed with.
 */
export const WITHDRAWAL_MESSAGE =
  'If an order with this number was placed with this email, your withdrawal is received: we have emailed its acknowledgment, with the date and what you withdrew, to that address.';

export const approveReturnBody = z.strictObject({
  /** How to send the items back: address, label, deadline. Emailed to the shopper. */
  instructions: text({ max: 2000, multiline: true }),
});
export const refuseReturnBody = z.strictObject({ reason: text({ max: 1000, multiline: true }) });
/** An art. 16 exception for a withdrawal: which one, and why (shown and emailed to the shopper). */
export const recordExceptionBody = z.strictObject({
  exception: z.enum(withdrawalExceptions, {
    message: `must be one of ${withdrawalExceptions.join(', ')}`,
  }),
  reason: text({ min: 10, max: 1000, multiline: true }),
});
export const receiveReturnBody = z.strictObject({
  /** Per line: whether its items go back into stock. */
  lines: z
    .array(
      z.strictObject({
        lineId: z.uuid({ message: 'must be a valid line id' }),
        restock: z.boolean(),
      }),
    )
    .min(1)
    .max(200),
});

export const adminReturnsQuery = z.object({
  status: z.enum(returnStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const returnIdParams = z.object({ id: z.string().max(100) });
export const returnResponse = dataResponse(returnSchema);
export const returnsPageResponse = pagedResponse(returnSchema);

/** Return rate and reasons, per product and per size, for the admin dashboard. */
export const returnReportRow = z.object({
  productId: z.string(),
  title: z.string(),
  /** '' for the whole product. */
  size: z.string(),
  soldUnits: z.number().int(),
  returnedUnits: z.number().int(),
  /** returnedUnits / soldUnits, 0..1. */
  rate: z.number(),
  reasons: z.record(z.enum(returnReasons), z.number().int()),
});
export type ReturnReportRow = z.infer<typeof returnReportRow>;

export const returnReportQuery = z.object({
  /** The period: returns asked for and orders placed in the last `days` days. */
  days: z.coerce.number().int().min(1).max(365).default(90),
});
/** The 20 products returned most (whole-product row, then its sizes), most returned first. */
export const returnReportResponse = dataResponse(z.array(returnReportRow));

/**
 * GET /api/shop/returns/policy (public): the shop's windows in days after delivery, so a page can
 * say until when an order can be returned (deliveredAt + returnDays) or withdrawn from.
 */
export const returnPolicySchema = z.object({
  returnDays: z.number().int(),
  withdrawalDays: z.number().int(),
  /** The shop's calendar, where both end (at the end of their last day; Regulation 1182/71). */
  timeZone: z.string(),
  holidays: z.array(z.string()),
});
export type ReturnPolicy = z.infer<typeof returnPolicySchema>;
export const returnPolicyResponse = dataResponse(returnPolicySchema);
