import { now } from './simulator-rules';
import type { SimOrder } from './simulator-state';
import type { SimulatorStore } from './simulator-store';

// A capture's own life after the order is captured: PayPal answers a capture PENDING (a bank or
// PayPal review) and later completes or denies it, announcing each step by a webhook.
// https://developer.paypal.com/api/rest/webhooks/event-names/ (Payments v2).

/** The webhook PayPal sends for a capture just made, by the capture's status. */
export function captureEvent(order: SimOrder) {
  if (order.captureStatus === 'PENDING') return 'PAYMENT.CAPTURE.PENDING';
  if (order.captureStatus === 'DECLINED') return 'PAYMENT.CAPTURE.DECLINED';
  return 'PAYMENT.CAPTURE.COMPLETED';
}

/** How the bank ends a review: the capture completes, or it is denied (status DECLINED). */
export type ReviewOutcome = 'COMPLETED' | 'DENIED';

/**
 * Ends the review of a PayPal order's PENDING capture. Conditional in the store, so of two
 * racing calls one settles it; `event` is the webhook to send, for that call only.
 */
export async function settlePendingCapture(
  store: SimulatorStore,
  orderId: string,
  outcome: ReviewOutcome,
): Promise<{ order: SimOrder | undefined; event?: string }> {
  const order = await store.findOrder(orderId);
  if (!order?.captureId) return { order };
  const settled = await store.settleCapture(
    order.captureId,
    outcome === 'COMPLETED' ? 'COMPLETED' : 'DECLINED',
    now(),
  );
  if (!settled) return { order };
  const event = outcome === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED';
  return { order: settled, event };
}
