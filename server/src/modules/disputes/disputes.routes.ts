import { errorResponse } from '@contract/common';
import { orderIdParams, orderMessageResponse } from '@contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requirePermission } from '../../plugins/sessions';
import { toApiOrder } from '../orders';

/** The admin's "Ship anyway", under /api/admin/orders beside the other order screens. */
const adminDisputesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { disputes } = app.services;
  // onRequest: the session and permission are checked before the params are read. Accepting a
  // chargeback's risk is a money decision: the refunds' permission, not the packer's.
  app.addHook('onRequest', requirePermission('orders.refund'));

  app.post(
    '/:id/ship-override',
    {
      schema: {
        tags: ['admin orders'],
        security: [{ session: [] }],
        summary: 'Ship anyway: allow shipments despite an open dispute or a chargeback',
        description:
          'An open PayPal dispute or a chargeback (PAYMENT.CAPTURE.REVERSED) holds further shipments (409) until an admin allows them here; who and when are kept (and audited). A new dispute or chargeback holds it again. 409 when nothing holds the order. Answers the updated order.',
        params: orderIdParams,
        response: { 200: orderMessageResponse, '4xx': errorResponse, '5xx': errorResponse },
      },
    },
    async (request) => {
      const order = await disputes.overrideShipping(currentUser(request).id, request.params.id);
      return {
        success: true as const,
        data: toApiOrder(order),
        message: 'Shipping is allowed for this order',
      };
    },
  );
};

export default adminDisputesRoutes;
