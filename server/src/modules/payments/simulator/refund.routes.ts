import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refundCapture } from './refund-rules';
import { errors } from './simulator-shapes';
import type { SimOrder, SimulatorState } from './simulator-state';

// PayPal's Payments v2 refund endpoint for the simulator: full or partial refunds of a capture,
// never more than was captured, idempotent per PayPal-Request-Id (simulator-rules.ts).

/** Refunds made by a standalone simulator per capture id (tests read it). */
export function simulatedRefunds(
  state: { orders: ReadonlyMap<string, SimOrder> },
  captureId: string,
) {
  return [...state.orders.values()].find((o) => o.captureId === captureId)?.refundedCents ?? 0;
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
      const header = request.headers['paypal-request-id'];
      const key = typeof header === 'string' && header.length <= 108 ? header : undefined;
      const base = baseUrl();
      const result = await refundCapture(state.store, captureId, request.body, key, base);
      // Like PayPal, every refund (the shop's own or one made in PayPal's dashboard) is
      // announced by a webhook.
      if (result.refund) state.sendWebhook('PAYMENT.CAPTURE.REFUNDED', result.refund, base);
      return reply.status(result.reply.status).send(result.reply.body);
    },
  );
}
