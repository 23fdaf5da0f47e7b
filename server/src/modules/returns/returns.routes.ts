import { errorResponse, messageResponse } from '@contract/common';
import { orderTokenParams } from '@contract/orders';
import {
  createGuestReturnBody,
  createReturnBody,
  createWithdrawalBody,
  returnPolicyResponse,
  returnResponse,
  WITHDRAWAL_MESSAGE,
  withdrawalDays,
} from '@contract/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attemptBudget, bodyEmail, spend } from '../../lib/attempt-budgets';
import { currentUser, requireUser } from '../../plugins/sessions';

/**
 * Returns and withdrawals asked by shoppers, under /api/shop: a signed-in shopper's return, a
 * guest's (through the status link's token, the guest's proof of the order), and the EU
 * withdrawal, which needs only the order number and its email.
 */
const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { returns, withdrawals } = app.services;
  const tags = ['returns'];
  const errors = { '4xx': errorResponse, '5xx': errorResponse };
  // As the order lookup: it names an order by number and email, so the same budgets per
  // address and per email keep anyone from trying pairs.
  const perMinute = app.config.AUTH_RATE_LIMIT_PER_MINUTE;
  const withdrawalBudgets = [
    attemptBudget(app, perMinute, (request) => `withdraw-ip:${request.ip}`),
    attemptBudget(app, perMinute, (request) => `withdraw-email:${bodyEmail(request)}`),
  ];

  app.get(
    '/returns/policy',
    {
      schema: {
        tags,
        summary: 'The return window and the withdrawal period, in days after delivery',
        response: { 200: returnPolicyResponse },
      },
    },
    async () => {
      const { timeZone, holidays } = app.config.calendar;
      return {
        success: true as const,
        data: {
          returnDays: app.config.RETURN_DAYS,
          withdrawalDays,
          timeZone,
          holidays: [...holidays],
        },
      };
    },
  );

  app.post(
    '/returns',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ session: [] }],
        summary: 'Ask to return lines of your delivered order',
        description:
          'Within RETURN_DAYS of the delivery (counted as the withdrawal period is); no more of a line than was ordered less what other returns (not refused) hold. Within the 14-day withdrawal period a line needs no reason; after it, each needs one (400). 403 for another shopper’s order, 409 when the order is not delivered, the window closed or too many units are named.',
        body: createReturnBody,
        response: { 201: returnResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await returns.createForUser(currentUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/order/status/:token/returns',
    {
      schema: {
        tags,
        summary: 'A guest asks to return lines of a delivered order, by its status link’s token',
        description: 'The same rules as a shopper’s return; 404 for a token that names no order.',
        params: orderTokenParams,
        body: createGuestReturnBody,
        response: { 201: returnResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await returns.createForGuest(request.params.token, request.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/withdrawals',
    {
      preHandler: (request, reply) => spend(withdrawalBudgets, request, reply),
      schema: {
        tags,
        summary:
          'Withdraw from the contract (EU): order number, email and name, every line by default',
        description:
          'No sign-in. Always the same answer (202) whether or not the number and email match an order; the acknowledgment, with the date and the lines withdrawn, or why it could not be recorded, goes to the email the order was placed with. Rate limited per address and per email, as the order lookup.',
        body: createWithdrawalBody,
        response: { 202: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      // Recorded after the answer: neither its content nor its timing says whether it matched.
      setImmediate(() => {
        withdrawals.withdraw(request.body).catch((error: unknown) => {
          request.log.error({ err: error }, 'withdrawal failed');
        });
      });
      return reply.status(202).send({ success: true, message: WITHDRAWAL_MESSAGE });
    },
  );
};

export default returnsRoutes;
