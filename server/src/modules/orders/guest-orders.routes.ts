import { errorResponse, messageResponse } from '@contract/common';
import {
  CLAIM_REQUEST_MESSAGE,
  claimOrdersBody,
  claimOrdersResponse,
  ORDER_LOOKUP_MESSAGE,
  orderLookupBody,
  orderLookupResponse,
  orderResponse,
  orderTokenParams,
} from '@contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attemptBudget, bodyEmail, spend } from '../../lib/attempt-budgets';
import { currentUser, requireUser } from '../../plugins/sessions';
import { toApiOrder } from './order-answer';

/**
 * A guest's order after checkout, under /api/shop/order: its status page's data (the emailed
 * link is the credential), the lookup that emails that link again, and claims by an account.
 * Open whether or not GUEST_CHECKOUT is on now, so links sent while it was keep working.
 */
const guestOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guestOrders } = app.services;
  const tags = ['orders'];
  const errors = { '4xx': errorResponse, '5xx': errorResponse };
  // The lookup sends mail to the email it names: budgets per address and per email, as sign-in.
  const perMinute = app.config.AUTH_RATE_LIMIT_PER_MINUTE;
  const lookupBudgets = [
    attemptBudget(app, perMinute, (request) => `lookup-ip:${request.ip}`),
    attemptBudget(app, perMinute, (request) => `lookup-email:${bodyEmail(request)}`),
  ];

  app.get(
    '/status/:token',
    {
      schema: {
        tags,
        summary: 'A guest order, by the token of its emailed status link',
        description: '404 for any token that names no order. Never cached.',
        params: orderTokenParams,
        response: { 200: orderResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      reply.header('X-Robots-Tag', 'noindex');
      const order = await guestOrders.byToken(request.params.token);
      return { success: true as const, data: toApiOrder(order) };
    },
  );

  app.post(
    '/lookup',
    {
      preHandler: (request, reply) => spend(lookupBudgets, request, reply),
      schema: {
        tags,
        summary: 'Email the status link of a guest order again, given its number and email',
        description:
          'Always the same answer, at the same speed, whether or not such an order exists; the mail goes only to the email the order was placed with. Rate limited per address and per email.',
        body: orderLookupBody,
        response: { 200: orderLookupResponse, ...errors },
      },
    },
    async (request) => {
      const { orderNumber, email } = request.body;
      // Looked up after the answer: the response time says nothing about the order.
      setImmediate(() => {
        guestOrders.lookup(orderNumber, email).catch((error: unknown) => {
          request.log.error({ err: error }, 'order lookup failed');
        });
      });
      return { success: true as const, message: ORDER_LOOKUP_MESSAGE };
    },
  );

  app.post(
    '/claim-request',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ session: [] }],
        summary: 'Email a link that adds the guest orders of the account’s email to it',
        description:
          'The same answer whether or not there are any; nothing moves until the link is followed.',
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      setImmediate(() => {
        guestOrders.offerClaim(user).catch((error: unknown) => {
          request.log.error({ err: error }, 'order claim offer failed');
        });
      });
      return { success: true as const, message: CLAIM_REQUEST_MESSAGE };
    },
  );

  app.post(
    '/claim',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ session: [] }],
        summary: 'Follow a claim link: the guest orders of its email join the account',
        description:
          'Signed in as the account the link was sent to; single use. 404 for a used, expired or another account’s link.',
        body: claimOrdersBody,
        response: { 200: claimOrdersResponse, ...errors },
      },
    },
    async (request) => {
      const claimed = await guestOrders.claim(currentUser(request).id, request.body.token);
      const message =
        claimed === 0
          ? 'There were no guest orders left to add'
          : `${claimed} ${claimed === 1 ? 'order was' : 'orders were'} added to your account`;
      return { success: true as const, data: { claimed }, message };
    },
  );
};

export default guestOrdersRoutes;
