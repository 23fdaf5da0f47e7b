import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errors } from './simulator-shapes';
import { paypalId, type SimulatorState } from './simulator-state';

// PayPal's Payments v2 refund endpoint for the simulator: full or partial refunds of a capture,
// never more than was captured, idempotent per PayPal-Request-Id.

const refundBody = z
  .object({
    amount: z
      .object({
        currency_code: z.string().regex(/^[A-Z]{3}$/),
        value: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
      })
      .optional(),
    note_to_payer: z.string().max(255).optional(),
    invoice_id: z.string().max(127).optional(),
  })
  .catch({ amount: undefined });

type Ledger = { refundedCents: number; refunds: Map<string, { id: string; cents: number }> };
const ledgers = new WeakMap<SimulatorState, Map<string, Ledger>>();

const cents = (value: string) => Math.round(Number(value) * 100);
const value = (c: number) => (c / 100).toFixed(2);

/** Refunds made by the simulator per capture id (tests read it). */
export function simulatedRefunds(state: SimulatorState, captureId: string) {
  return ledgers.get(state)?.get(captureId)?.refundedCents ?? 0;
}

export async function refundRoutes(
  app: FastifyInstance,
  { state, baseUrl }: { state: SimulatorState; baseUrl: () => string },
) {
  const bearer = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    return state.isValidToken(header.startsWith('Bearer ') ? header.slice(7) : undefined);
  };

  app.post(
    '/v2/payments/captures/:id/refund',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!bearer(request)) return reply.status(401).send(errors.authentication());
      const captureId = (request.params as { id: string }).id;
      const order = [...state.orders.values()].find((o) => o.captureId === captureId);
      if (!order) return reply.status(404).send(errors.notFound());
      const header = request.headers['paypal-request-id'];
      const key = typeof header === 'string' && header.length <= 108 ? header : undefined;
      const replayed = key ? state.replyFor(`refund:${captureId}:${key}`) : undefined;
      if (replayed) return reply.status(replayed.status).send(replayed.body);

      const byCapture = ledgers.get(state) ?? new Map<string, Ledger>();
      ledgers.set(state, byCapture);
      const ledger = byCapture.get(captureId) ?? { refundedCents: 0, refunds: new Map() };
      byCapture.set(captureId, ledger);
      const captured = cents(order.amount.value);
      const remaining = captured - ledger.refundedCents;
      const body = refundBody.parse(request.body ?? {});
      const amount = body.amount ? cents(body.amount.value) : remaining;
      if (remaining <= 0) {
        return reply
          .status(422)
          .send(
            errors.unprocessable(
              'CAPTURE_FULLY_REFUNDED',
              'The capture has already been fully refunded',
            ),
          );
      }
      if (amount <= 0 || amount > remaining) {
        return reply
          .status(422)
          .send(
            errors.unprocessable(
              'REFUND_AMOUNT_EXCEEDED',
              'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
            ),
          );
      }
      ledger.refundedCents += amount;
      const refund = { id: paypalId(), cents: amount };
      ledger.refunds.set(refund.id, refund);
      const base = baseUrl();
      const resource = {
        id: refund.id,
        status: 'COMPLETED',
        amount: { currency_code: order.amount.currency_code, value: value(amount) },
        ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
        ...(body.note_to_payer ? { note_to_payer: body.note_to_payer } : {}),
        links: [
          { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
          // PayPal's refund names its capture by the "up" link; webhooks find the order by it.
          { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ],
      };
      const result = { status: 201, body: resource };
      if (key) state.saveReply(`refund:${captureId}:${key}`, result);
      // Like PayPal, every refund (the shop's own or one made in PayPal's dashboard) is
      // announced by a webhook.
      state.sendWebhook('PAYMENT.CAPTURE.REFUNDED', resource, base);
      return reply.status(201).send(result.body);
    },
  );
}
