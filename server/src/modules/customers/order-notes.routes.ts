import { errorResponse } from '@contract/common';
import { addNoteBody, noteResponse } from '@contract/notes';
import { orderIdParams } from '@contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requirePermission } from '../../plugins/sessions';

/** Internal notes on an order, under /api/admin/orders beside the other order screens. */
const orderNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { customers } = app.services;
  app.addHook('onRequest', requirePermission('orders.update'));

  app.post(
    '/:id/notes',
    {
      schema: {
        tags: ['admin orders'],
        security: [{ session: [] }],
        summary: 'Add an internal note to an order (staff only; 1 to 2000 characters)',
        description: "Notes appear in the admin order details answer, never in a shopper's.",
        params: orderIdParams,
        body: addNoteBody,
        response: { 200: noteResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const data = await customers.addOrderNote(
        currentUser(request),
        request.params.id,
        request.body.body,
      );
      return { success: true as const, data, message: 'The note was added' };
    },
  );
};

export default orderNotesRoutes;
