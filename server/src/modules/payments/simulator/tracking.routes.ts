import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paypalId } from './simulator-ids';
import { now, withKey } from './simulator-rules';
import { errors, faultBody, orderBody } from './simulator-shapes';
import type { SimulatorState } from './simulator-state';

// POST /v2/checkout/orders/{id}/track: a parcel's tracking on a captured order, as PayPal
// takes it (capture_id, tracking_number, carrier, carrier_name_other for OTHER, notify_payer).

const trackBody = z
  .object({
    capture_id: z
      .string()
      .min(1)
      .max(50)
      .regex(/^[A-Za-z0-9]+$/),
    tracking_number: z.string().min(1).max(64),
    carrier: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Z0-9_]+$/),
    carrier_name_other: z.string().max(64).optional(),
    notify_payer: z.boolean().default(false),
  })
  .refine((b) => b.carrier !== 'OTHER' || Boolean(b.carrier_name_other), {
    path: ['carrier_name_other'],
    message: 'carrier_name_other is required when carrier is OTHER',
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function trackingRoutes(
  app: FastifyInstance,
  { state, baseUrl }: { state: SimulatorState; baseUrl: () => string },
) {
  const bearer = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    return state.isValidToken(header.startsWith('Bearer ') ? header.slice(7) : undefined);
  };

  app.post('/v2/checkout/orders/:id/track', { schema: { hide: true } }, async (request, reply) => {
    state.calls.track += 1;
    const fault = state.takeFault('track');
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault?.status) return reply.status(fault.status).send(faultBody(fault.status, fault.issue));
    if (!bearer(request)) return reply.status(401).send(errors.authentication());
    const body = trackBody.safeParse(request.body ?? {});
    if (!body.success) {
      const issue = body.error.issues[0];
      return reply
        .status(400)
        .send(
          errors.invalidRequest(
            `/${issue?.path.join('/') ?? ''}`,
            'INVALID_PARAMETER_SYNTAX',
            issue?.message ?? 'Invalid value',
          ),
        );
    }
    const orderId = (request.params as { id: string }).id;
    const header = request.headers['paypal-request-id'];
    const key = typeof header === 'string' && header.length <= 108 ? header : undefined;
    const { reply: result } = await withKey(
      state.store,
      key && `track:${orderId}:${key}`,
      async (store) => {
        const order = await store.findOrder(orderId);
        if (!order) return { status: 404, body: errors.notFound() };
        if (order.status !== 'COMPLETED' || order.captureId !== body.data.capture_id) {
          return {
            status: 422,
            body: errors.unprocessable(
              'CAPTURE_ID_NOT_FOUND',
              'The capture_id is not a capture of this order.',
            ),
          };
        }
        await store.addTracker(orderId, {
          id: `${paypalId(13)}-${body.data.tracking_number}`,
          captureId: body.data.capture_id,
          trackingNumber: body.data.tracking_number,
          carrier: body.data.carrier,
          ...(body.data.carrier_name_other
            ? { carrierNameOther: body.data.carrier_name_other }
            : {}),
          notifyPayer: body.data.notify_payer,
          createTime: now(),
        });
        return { status: 201, body: orderBody(order, baseUrl()) };
      },
      (r) => r.status === 201,
    );
    return reply.status(result.status).send(result.body);
  });
}
