import { errorResponse } from '@contract/common';
import { customerIdParams } from '@contract/customers';
import { accountExportSchema, customerErasedResponse } from '@contract/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../plugins/sessions';
import { toApiOrder } from '../orders';

/**
 * A customer's privacy requests answered by the shop, under /api/admin/customers: the same
 * download and erasure as the shopper's, without a password.
 */
const privacyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { privacy } = app.services;
  app.addHook('onRequest', requirePermission('customers'));
  const tags = ['admin customers'];
  const security = [{ session: [] }];

  app.get(
    '/:id/export',
    {
      schema: {
        tags,
        security,
        summary: 'Download everything the shop holds about a customer (art. 15), as they would',
        params: customerIdParams,
        response: { 200: accountExportSchema, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const found = await privacy.export(request.params.id);
      const data = { ...found, orders: found.orders.map(toApiOrder) };
      reply
        .header(
          'content-disposition',
          `attachment; filename="customer-${data.profile._id}-${data.exportedAt.slice(0, 10)}.json"`,
        )
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    '/:id/delete',
    {
      // Audited under its own entity, with no loader: the customer's snapshot would copy their
      // personal data into the append-only log, which no erasure could then remove.
      config: { audit: { entity: 'customer_erasure', action: 'customer.erase' } },
      schema: {
        tags,
        security,
        summary: "Erase a customer's personal data (art. 17); orders and reviews are kept",
        description:
          "As the shopper's own deletion, without a password: 404 unknown, 403 for a staff or admin account, 409 already erased.",
        params: customerIdParams,
        response: { 200: customerErasedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const data = await privacy.erase(request.params.id);
      return { success: true as const, data, message: 'The customer’s personal data was erased' };
    },
  );
};

export default privacyAdminRoutes;
