import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { approvalPage, unknownOrderPage } from './approval-page';
import { captureRoutes } from './capture.routes';
import { captureEvent } from './capture-rules';
import { disputeRoutes } from './dispute.routes';
import { refundRoutes } from './refund.routes';
import { approveOrder, captureOrder, createOrder, verifyBody } from './simulator-rules';
import { captureResource, errors, faultBody, orderBody } from './simulator-shapes';
import { type Fault, paypalId, type SimulatorState } from './simulator-state';
import { trackingRoutes } from './tracking.routes';

export type SimulatorOptions = { state: SimulatorState; baseUrl: () => string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hidden = { schema: { hide: true } };
/** The approval page's buyer choice: how the capture will answer (Approve alone: COMPLETED). */
const approveBody = z.object({
  token: z.string().max(100).default(''),
  outcome: z.enum(['COMPLETED', 'PENDING', 'DECLINED']).default('COMPLETED'),
});

/** PayPal's Orders v2 endpoints and an approval page, with failures tests can inject. */
export async function simulatorRoutes(app: FastifyInstance, { state, baseUrl }: SimulatorOptions) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** Applies an injected fault: a late answer, an error answer, or both. */
  const fault = async (on: Exclude<Fault['on'], 'any'>, reply: FastifyReply) => {
    const f = state.takeFault(on);
    if (f?.delayMs) await sleep(f.delayMs);
    if (f?.status) {
      const body =
        on === 'token' && f.status === 401 ? errors.invalidClient() : faultBody(f.status, f.issue);
      await reply.status(f.status).send(body);
      return true;
    }
    return false;
  };

  const isAuthorized = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    return state.isValidToken(header.startsWith('Bearer ') ? header.slice(7) : undefined);
  };

  const requestId = (request: FastifyRequest) => {
    const id = request.headers['paypal-request-id'];
    return typeof id === 'string' && id.length > 0 && id.length <= 108 ? id : undefined;
  };

  app.post('/v1/oauth2/token', hidden, async (request, reply) => {
    state.calls.token += 1;
    if (await fault('token', reply)) return reply;
    const header = request.headers.authorization ?? '';
    const [id, secret] = Buffer.from(header.replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    const { clientId, clientSecret } = state.credentials;
    if (!header.startsWith('Basic ') || id !== clientId || secret !== clientSecret) {
      return reply.status(401).send(errors.invalidClient());
    }
    const body = request.body as Record<string, string> | undefined;
    if (body?.grant_type !== 'client_credentials') {
      return reply
        .status(400)
        .send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    return {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: state.issueToken(),
      token_type: 'Bearer',
      app_id: 'APP-SANDBOX-SIMULATOR',
      expires_in: state.tokenTtlSeconds,
      nonce: paypalId(24),
    };
  });

  app.post('/v2/checkout/orders', hidden, async (request, reply) => {
    state.calls.create += 1;
    if (await fault('create', reply)) return reply;
    if (!isAuthorized(request)) return reply.status(401).send(errors.authentication());
    const result = await createOrder(state.store, request.body, requestId(request), baseUrl());
    return reply.status(result.status).send(result.body);
  });

  app.get('/v2/checkout/orders/:id', hidden, async (request, reply) => {
    state.calls.get += 1;
    if (await fault('get', reply)) return reply;
    if (!isAuthorized(request)) return reply.status(401).send(errors.authentication());
    const order = await state.store.findOrder((request.params as { id: string }).id);
    if (!order) return reply.status(404).send(errors.notFound());
    return orderBody(order, baseUrl());
  });

  app.post('/v2/checkout/orders/:id/capture', hidden, async (request, reply) => {
    state.calls.capture += 1;
    if (await fault('capture', reply)) return reply;
    if (!isAuthorized(request)) return reply.status(401).send(errors.authentication());
    const id = (request.params as { id: string }).id;
    const { reply: result, captured } = await captureOrder(
      state.store,
      id,
      requestId(request),
      baseUrl(),
    );
    if (captured) {
      state.captures += 1;
      state.sendWebhook(captureEvent(captured), captureResource(captured, baseUrl()), baseUrl());
    }
    return reply.status(result.status).send(result.body);
  });

  await refundRoutes(app, { state, baseUrl });
  await captureRoutes(app, { state, baseUrl });
  await trackingRoutes(app, { state, baseUrl });
  await disputeRoutes(app, { state, baseUrl });

  // PayPal's webhook verification: the shop posts the headers of a delivery and the event.
  app.post('/v1/notifications/verify-webhook-signature', hidden, async (request, reply) => {
    if (!isAuthorized(request)) return reply.status(401).send(errors.authentication());
    const parsed = verifyBody.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply
        .status(400)
        .send(
          errors.invalidRequest(
            `/${issue?.path.join('/') ?? ''}`,
            'MISSING_REQUIRED_PARAMETER',
            issue?.message ?? 'Invalid value',
          ),
        );
    }
    const b = parsed.data;
    const genuine = state.isGenuineWebhook({
      authAlgo: b.auth_algo,
      transmissionId: b.transmission_id,
      transmissionTime: b.transmission_time,
      transmissionSig: b.transmission_sig,
      webhookId: b.webhook_id,
      body: JSON.stringify(b.webhook_event),
    });
    return { verification_status: genuine ? 'SUCCESS' : 'FAILURE' };
  });

  app.get('/checkoutnow', hidden, async (request, reply) => {
    const token = (request.query as { token?: string }).token ?? '';
    const order = await state.store.findOrder(token);
    // Its forms post back to this origin: with the shop's no-referrer policy the browser would
    // send `Origin: null`, which the shop's CSRF check refuses.
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'same-origin');
    if (!order) return reply.status(404).send(unknownOrderPage());
    return approvalPage(order);
  });

  app.post('/checkoutnow/approve', hidden, async (request, reply) => {
    const body = approveBody.safeParse(request.body ?? {});
    if (!body.success) {
      return reply.status(400).type('text/html; charset=utf-8').send(unknownOrderPage());
    }
    const { token, outcome } = body.data;
    const { order, isApprovedNow } = await approveOrder(state.store, token, outcome);
    if (!order) return reply.status(404).type('text/html; charset=utf-8').send(unknownOrderPage());
    if (isApprovedNow) {
      state.sendWebhook('CHECKOUT.ORDER.APPROVED', orderBody(order, baseUrl()), baseUrl());
    }
    const target = new URL(order.returnUrl);
    target.searchParams.set('token', order.id);
    target.searchParams.set('PayerID', order.payerId ?? '');
    return reply.redirect(target.toString(), 303);
  });

  app.post('/checkoutnow/cancel', hidden, async (request, reply) => {
    const token = (request.body as { token?: string } | undefined)?.token ?? '';
    const order = await state.store.findOrder(token);
    if (!order) return reply.status(404).type('text/html; charset=utf-8').send(unknownOrderPage());
    const target = new URL(order.cancelUrl);
    target.searchParams.set('token', order.id);
    return reply.redirect(target.toString(), 303);
  });
}
