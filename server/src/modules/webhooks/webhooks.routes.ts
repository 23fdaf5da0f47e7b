import { errorResponse, messageResponse } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

const header = z.string().min(1).max(2000);
const webhookHeaders = z.object({
  'paypal-auth-algo': header,
  'paypal-cert-url': header,
  'paypal-transmission-id': header,
  'paypal-transmission-sig': header,
  'paypal-transmission-time': header,
});

/**
 * PayPal's webhook deliveries. No session and no cookie: the origin check does not apply,
 * the signature (verified by PayPal) is the authentication.
 */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.services;
  // The raw bytes are what PayPal signed: keep them for verification.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => {
      try {
        JSON.parse(String(body));
        done(null, String(body));
      } catch {
        done(new AppError('INVALID_INPUT', 'The webhook body is not JSON'), undefined);
      }
    },
  );

  app.post(
    '/paypal/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'PayPal webhook (verified through PayPal; replays change nothing)',
        headers: webhookHeaders,
        response: { 200: messageResponse, '4xx': errorResponse, '5xx': errorResponse },
      },
    },
    async (request) => {
      const outcome = await webhooks.receive(request.headers, String(request.body));
      return { success: true as const, message: outcome };
    },
  );
};

export default webhooksRoutes;
