import { centsToDecimal, decimalToCents } from '@contract/money';
import { paypalId } from './simulator-ids';
import { now } from './simulator-rules';
import type { SimOrder } from './simulator-state';
import type { SimulatorStore } from './simulator-store';

// What PayPal does when a buyer's bank charges a payment back, and the disputes a buyer opens,
// as the sandbox plays them: the resources of PAYMENT.CAPTURE.REVERSED and CUSTOMER.DISPUTE.*.

/**
 * A chargeback of the capture: what is left of it (captured less refunded) is taken back,
 * once. The reversal resource (a refund PayPal made, linked "up" to the capture), or undefined.
 */
export async function reverseCapture(store: SimulatorStore, captureId: string, base: string) {
  const at = now();
  const order = await store.reverse(captureId, at);
  if (!order) return undefined;
  const left = decimalToCents(order.amount.value) - order.refundedCents;
  const id = paypalId();
  return {
    id,
    amount: { currency_code: order.amount.currency_code, value: centsToDecimal(left) },
    note_to_payer: 'Payment reversed',
    status: 'COMPLETED',
    ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
    create_time: at,
    update_time: at,
    links: [
      { href: `${base}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}

/** A dispute on the capture, as CUSTOMER.DISPUTE.* carries it (open, or resolved with `outcome`). */
export function disputeResource(
  order: SimOrder,
  disputeId: string,
  resolution?: { outcome: string },
) {
  const at = now();
  return {
    dispute_id: disputeId,
    create_time: at,
    update_time: at,
    disputed_transactions: [
      {
        seller_transaction_id: order.captureId ?? '',
        create_time: order.updateTime,
        transaction_status: 'COMPLETED',
        gross_amount: order.amount,
        ...(order.invoiceId ? { invoice_number: order.invoiceId } : {}),
      },
    ],
    reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    status: resolution ? 'RESOLVED' : 'OPEN',
    dispute_amount: order.amount,
    dispute_life_cycle_stage: resolution ? 'CHARGEBACK' : 'INQUIRY',
    dispute_channel: 'INTERNAL',
    ...(resolution ? { dispute_outcome: { outcome_code: resolution.outcome } } : {}),
    links: [],
  };
}

/** A new dispute id, shaped as PayPal's (PP-D-12345). */
export const newDisputeId = () =>
  `PP-D-${Math.floor(10_000 + Math.random() * 89_999)}${paypalId(4)}`;
