import type { Money, ShippingAddress } from './paypal-requests';
import type { CaptureState } from './paypal-shapes';

export type { CaptureState, Money, ShippingAddress };

export type PaymentLine = { title: string; quantity: number; unitCents: number };
/** The parts of the amount besides the items; the provider checks they add up. */
export type PaymentBreakdown = { shippingCents: number; taxCents: number; discountCents: number };

/** What the shop asks a provider to collect for one order. */
export type PaymentRequest = {
  orderId: string;
  orderNumber: number;
  currency: string;
  totalCents: number;
  breakdown: PaymentBreakdown;
  lines: PaymentLine[];
  shipping: ShippingAddress;
};

/**
 * A capture the provider made: its own status decides whether the shop is paid (COMPLETED),
 * waits for the provider (PENDING, `reason` says why) or is not paid (DECLINED).
 */
export type CapturedPayment = {
  captureId: string;
  payerId: string;
  status: CaptureState;
  reason: string;
  /** What the provider says it captured (absent only if it did not say). */
  amount?: Money;
};
/**
 * Where a provider's payment stands: not approved, approved (capturable), captured (the
 * capture's own status in `payment`), or unknown to the provider.
 */
export type PaymentState =
  | { status: 'CREATED' | 'APPROVED' | 'GONE' | 'OTHER' }
  | { status: 'COMPLETED'; payment: CapturedPayment };

/** A webhook delivery as it arrived: its headers and the exact body the provider signed. */
export type WebhookDelivery = { headers: Record<string, string | undefined>; rawBody: string };

/**
 * A refused refund: the provider's answer is final, so the reserved amount may be freed. Any
 * other error leaves the outcome unknown (the refund stays pending and is asked again).
 */
export class RefundRefused extends Error {}

/**
 * How the shop's money flows (checkout, settlement, refunds, webhooks) talk to a payment
 * provider. Every call that moves money takes a request id, so a retry is a replay at the
 * provider, never a second charge or refund. PayPal (and its simulator) is the one today.
 */
export interface PaymentProvider {
  /** Stored with each payment (order_payments.provider). */
  readonly name: string;
  /** Opens the provider's payment; the shopper approves it at `approvalUrl`. */
  create(request: PaymentRequest): Promise<{ providerOrderId: string; approvalUrl: string }>;
  /** Captures an approved payment; the capture's own status says whether the shop is paid. */
  capture(providerOrderId: string, requestId: string): Promise<CapturedPayment>;
  /** Reconcile: where a payment stands at the provider (expiry, cancel, status checks). */
  paymentState(providerOrderId: string): Promise<PaymentState>;
  /** Reconcile: a capture's status now, undefined when the provider does not know it. */
  captureState(
    captureId: string,
  ): Promise<{ status: CaptureState; reason: string; amount?: Money } | undefined>;
  /** Returns money of a capture; throws RefundRefused when the provider's no is final. */
  refund(input: {
    captureId: string;
    amountCents: number;
    currency: string;
    note: string;
    requestId: string;
  }): Promise<{ refundId: string; amount?: Money }>;
  /** Whether a webhook delivery really comes from the provider. */
  verifyWebhook(delivery: WebhookDelivery): Promise<boolean>;
}
