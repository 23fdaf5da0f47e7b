import { errorResponse } from '@contract/common';
import { toCents } from '@contract/money';
import { orderIdParams, orderMessageResponse, refundBody } from '@contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requirePermission } from '../../plugins/sessions';
import { toApiOrder } from '../orders';

/** The admin's refunds, under /api/admin/orders beside the other order screens. */
const adminRefundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { refunds } = app.services;
  app.addHook('onRequest', requirePermission('orders.refund'));

  app.post(
    '/refund/:id',
    {
      schema: {
        tags: ['admin orders'],
        security: [{ session: [] }],
        summary: 'Refund all or part of a paid order through PayPal',
        description:
          'amount (decimal) defaults to everything not yet refunded; a partial refund leaves the order open (partially_refunded). The refunded total never exceeds the paid total (409).',
        params: orderIdParams,
        body: refundBody,
        response: { 200: orderMessageResponse, '4xx': errorResponse, '5xx': errorResponse },
      },
    },
    async (request) => {
      const { amount, reason } = request.body;
      const order = await refunds.refund(currentUser(request).id, request.params.id, {
        ...(amount !== undefined ? { amountCents: toCents(amount) } : {}),
        reason,
      });
      return {
        success: true as const,
        data: toApiOrder(order),
        message: 'The refund was sent to PayPal',
      };
    },
  );
};

export default adminRefundsRoutes;
