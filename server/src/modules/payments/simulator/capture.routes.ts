import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { reviewEndedPage, unknownOrderPage } from './approval-page';
import { type ReviewOutcome, settlePendingCapture } from './capture-rules';
import { captureResource, errors } from './simulator-shapes';
import type { SimulatorState } from './simulator-state';

// A capture after the order: PayPal's "Show captured payment details"
// (GET /v2/payments/captures/{id}, https://developer.paypal.com/docs/api/payments/v2/), and the
// sandbox's end of a PENDING capture's review, which PayPal announces by a webhook.

const settleBody = z.object({
  token: z.string().min(1).max(100),
  outcome: z.enum(['COMPLETED', 'DENIED']),
});

export async function captureRoutes(
  app: FastifyInstance,
  { state, baseUrl }: { state: SimulatorState; baseUrl: () => string },
) {
  const bearer = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    return state.isValidToken(header.startsWith('Bearer ') ? header.slice(7) : undefined);
  };

  app.get('/v2/payments/captures/:id', { schema: { hide: true } }, async (request, reply) => {
    if (!bearer(request)) return reply.status(401).send(errors.authentication());
    const { id } = request.params as { id: string };
    const order = id.length <= 100 ? await state.store.findOrderByCapture(id) : undefined;
    if (!order) return reply.status(404).send(errors.notFound());
    return captureResource(order, baseUrl());
  });

  // The sandbox's bank ends a review (its page's buttons, or a test): only a PENDING capture moves.
  app.post('/checkoutnow/settle', { schema: { hide: true } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const parsed = settleBody.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send(unknownOrderPage());
    const outcome: ReviewOutcome = parsed.data.outcome;
    const { order, event } = await settlePendingCapture(state.store, parsed.data.token, outcome);
    if (!order) return reply.status(404).send(unknownOrderPage());
    if (event) state.sendWebhook(event, captureResource(order, baseUrl()), baseUrl());
    return reviewEndedPage(order);
  });
}
