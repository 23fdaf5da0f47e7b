import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { disputeResource, newDisputeId, reverseCapture } from './dispute-rules';
import { errors } from './simulator-shapes';
import type { SimulatorState } from './simulator-state';

// The sandbox's own controls, not PayPal's API: what a buyer or their bank does at PayPal (a
// chargeback, a dispute opened or settled), each announced to the shop by PayPal's webhook.
// Mounted only with the simulator (PAYPAL_SIMULATOR), and only for the shop's own credentials.

const hidden = { schema: { hide: true } };
const disputeBody = z.object({ capture_id: z.string().min(1).max(100) });
const resolveBody = disputeBody.extend({
  outcome_code: z
    .enum([
      'RESOLVED_BUYER_FAVOUR',
      'RESOLVED_SELLER_FAVOUR',
      'RESOLVED_WITH_PAYOUT',
      'CANCELED_BY_BUYER',
      'ACCEPTED',
      'DENIED',
      'NONE',
    ])
    .default('RESOLVED_SELLER_FAVOUR'),
});

export async function disputeRoutes(
  app: FastifyInstance,
  { state, baseUrl }: { state: SimulatorState; baseUrl: () => string },
) {
  const bearer = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    return state.isValidToken(header.startsWith('Bearer ') ? header.slice(7) : undefined);
  };

  // A chargeback: PAYMENT.CAPTURE.REVERSED with what is left of the capture.
  app.post('/v1/simulator/captures/:id/reverse', hidden, async (request, reply) => {
    if (!bearer(request)) return reply.status(401).send(errors.authentication());
    const captureId = (request.params as { id: string }).id.slice(0, 100);
    const base = baseUrl();
    const reversal = await reverseCapture(state.store, captureId, base);
    if (!reversal) {
      const known = await state.store.findOrderByCapture(captureId);
      if (!known) return reply.status(404).send(errors.notFound());
      return reply
        .status(422)
        .send(errors.unprocessable('CAPTURE_ALREADY_REVERSED', 'The capture cannot be reversed.'));
    }
    state.sendWebhook('PAYMENT.CAPTURE.REVERSED', reversal, base);
    return reply.status(201).send(reversal);
  });

  /** The order of the body's capture, or undefined once the refusal has been sent. */
  async function disputed<S extends z.ZodType<{ capture_id: string }>>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: S,
    required: string,
  ) {
    if (!bearer(request)) return void reply.status(401).send(errors.authentication());
    const body = schema.safeParse(request.body ?? {});
    if (!body.success) {
      const error = errors.invalidRequest('/capture_id', 'MISSING_REQUIRED_PARAMETER', required);
      return void reply.status(400).send(error);
    }
    const order = await state.store.findOrderByCapture(body.data.capture_id);
    if (!order) return void reply.status(404).send(errors.notFound());
    return { order, body: body.data };
  }

  // A buyer opens a dispute (CUSTOMER.DISPUTE.CREATED), or PayPal settles it (RESOLVED).
  app.post('/v1/simulator/disputes', hidden, async (request, reply) => {
    const found = await disputed(request, reply, disputeBody, 'capture_id is required');
    if (!found) return reply;
    const dispute = disputeResource(found.order, newDisputeId());
    state.sendWebhook('CUSTOMER.DISPUTE.CREATED', dispute, baseUrl());
    return reply.status(201).send(dispute);
  });

  app.post('/v1/simulator/disputes/:id/resolve', hidden, async (request, reply) => {
    const required = 'capture_id and a known outcome_code are required';
    const found = await disputed(request, reply, resolveBody, required);
    if (!found) return reply;
    const disputeId = (request.params as { id: string }).id.slice(0, 255);
    const outcome = found.body.outcome_code;
    const dispute = disputeResource(found.order, disputeId, { outcome });
    state.sendWebhook('CUSTOMER.DISPUTE.RESOLVED', dispute, baseUrl());
    return reply.status(200).send(dispute);
  });
}
