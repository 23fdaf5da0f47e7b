import { z } from 'zod';

// PayPal's answers as the client reads them: the shapes it checks, its errors, and what it
// takes from an order.

export type PayPalErrorKind =
  | 'auth' // 401: bad credentials or token
  | 'unprocessable' // 422: PayPal refused the action (see `issue`)
  | 'invalid' // 400
  | 'not_found' // 404
  | 'unavailable' // 5xx, after the retry
  | 'timeout'
  | 'network';

export class PayPalError extends Error {
  constructor(
    readonly kind: PayPalErrorKind,
    message: string,
    readonly status = 0,
    /** PayPal's issue code, e.g. ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED. */
    readonly issue?: string,
    readonly debugId?: string,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

export const linkSchema = z.object({
  href: z.string(),
  rel: z.string(),
  method: z.string().optional(),
});
export const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
export const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  /** Why a capture is PENDING (or DENIED), e.g. PENDING_REVIEW, ECHECK. */
  status_details: z.object({ reason: z.string().optional() }).optional(),
  amount: moneySchema.optional(),
});
export type PayPalCapture = z.infer<typeof captureSchema>;
export const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(linkSchema).default([]),
  payer: z.object({ payer_id: z.string().optional() }).optional(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        amount: moneySchema.optional(),
        payments: z.object({ captures: z.array(captureSchema).default([]) }).optional(),
      }),
    )
    .default([]),
});
export type PayPalOrder = z.infer<typeof orderSchema>;
/** A refund's answer (asked with Prefer: return=representation, so it carries the amount). */
export const refundSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: moneySchema.optional(),
});

export const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
export const errorSchema = z
  .object({
    name: z.string().optional(),
    message: z.string().optional(),
    debug_id: z.string().optional(),
    details: z.array(z.object({ issue: z.string().optional() })).optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .catch({});

export function toError(status: number, json: unknown): PayPalError {
  const body = errorSchema.parse(json ?? {});
  const issue = body.details?.[0]?.issue;
  const message =
    body.message ?? body.error_description ?? body.name ?? `PayPal answered ${status}`;
  const kind: PayPalErrorKind =
    status === 401
      ? 'auth'
      : status === 422
        ? 'unprocessable'
        : status === 404
          ? 'not_found'
          : status >= 500
            ? 'unavailable'
            : 'invalid';
  return new PayPalError(kind, message, status, issue ?? body.error, body.debug_id);
}

/** The link the payer follows to approve: `approve` (or `payer-action` in newer flows). */
export function approvalLink(order: PayPalOrder): string | undefined {
  return order.links.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;
}

/**
 * What a capture's own status means for the shop: only COMPLETED (or a completed capture since
 * refunded) is money received; PENDING is held by PayPal; DECLINED and FAILED are not paid.
 * https://developer.paypal.com/api/payments/v2/definitions/capture_status
 */
export type CaptureState = 'COMPLETED' | 'PENDING' | 'DECLINED';
export function captureStateOf(status: string): CaptureState {
  if (status === 'PENDING') return 'PENDING';
  if (status === 'DECLINED' || status === 'FAILED') return 'DECLINED';
  return 'COMPLETED';
}

/** The capture of a completed order (purchase_units[0].payments.captures[0]), with its payer. */
export function captureOf(order: PayPalOrder) {
  const capture = order.purchase_units[0]?.payments?.captures[0];
  return capture
    ? {
        captureId: capture.id,
        status: captureStateOf(capture.status),
        reason: capture.status_details?.reason ?? '',
        payerId: order.payer?.payer_id ?? '',
        // What PayPal says it took: checked against the order before it counts as paid.
        ...(capture.amount ? { amount: capture.amount } : {}),
      }
    : undefined;
}
