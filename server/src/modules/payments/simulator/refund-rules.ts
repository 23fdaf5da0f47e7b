import { centsToDecimal, decimalToCents } from '@contract/money';
import { z } from 'zod';
import { paypalId } from './simulator-ids';
import { money, successOnly, withKey } from './simulator-rules';
import { errors } from './simulator-shapes';
import type { Reply, SimOrder } from './simulator-state';
import type { SimulatorStore } from './simulator-store';

// PayPal's refund of a capture, full or partial, as the simulator makes it. The refunded total
// is raised only by the store's conditional increment, so it never passes the captured amount.

const refundBody = z
  .object({
    amount: money.optional(),
    note_to_payer: z.string().max(255).optional(),
    invoice_id: z.string().max(127).optional(),
  })
  .catch({ amount: undefined });

/**
 * POST /v2/payments/captures/{id}/refund: full (no amount) or partial. The refunded total never
 * passes the captured amount, whatever runs at the same time; `refund` for the call that made it.
 */
export async function refundCapture(
  store: SimulatorStore,
  captureId: string,
  input: unknown,
  requestId: string | undefined,
  base: string,
): Promise<{ reply: Reply; refund?: { id: string } }> {
  const body = refundBody.parse(input ?? {});
  let refund: ReturnType<typeof refundResource> | undefined;
  const { reply, isReplay } = await withKey(
    store,
    requestId && `refund:${captureId}:${requestId}`,
    async (s) => {
      // The database store may run this again (transact): only the last run's refund counts.
      refund = undefined;
      for (;;) {
        const order = await s.findOrderByCapture(captureId);
        if (!order) return { status: 404, body: errors.notFound() };
        const remaining = decimalToCents(order.amount.value) - order.refundedCents;
        if (remaining <= 0) {
          const message = 'The capture has already been fully refunded';
          return { status: 422, body: errors.unprocessable('CAPTURE_FULLY_REFUNDED', message) };
        }
        const amount = body.amount ? decimalToCents(body.amount.value) : remaining;
        if (amount <= 0 || amount > remaining) {
          return {
            status: 422,
            body: errors.unprocessable(
              'REFUND_AMOUNT_EXCEEDED',
              'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
            ),
          };
        }
        // Refused only when another refund came in since the read: then look again.
        if (await s.addRefund(captureId, amount)) {
          refund = refundResource(order, amount, body, base);
          return { status: 201, body: refund };
        }
      }
    },
    successOnly,
  );
  return isReplay || !refund ? { reply } : { reply, refund };
}

function refundResource(
  order: SimOrder,
  amount: number,
  body: z.infer<typeof refundBody>,
  base: string,
) {
  const id = paypalId();
  return {
    id,
    status: 'COMPLETED',
    amount: { currency_code: order.amount.currency_code, value: centsToDecimal(amount) },
    ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
    ...(body.note_to_payer ? { note_to_payer: body.note_to_payer } : {}),
    links: [
      { href: `${base}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
      // PayPal's refund names its capture by the "up" link; webhooks find the order by it.
      { href: `${base}/v2/payments/captures/${order.captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}
