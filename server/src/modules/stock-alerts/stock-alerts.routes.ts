import { errorResponse } from '@contract/common';
import {
  stockAlertBody,
  stockAlertParams,
  stockAlertQuery,
  stockAlertsResponse,
} from '@contract/stock-alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/sessions';

/** "Email me when it's back", for the signed-in shopper. */
const stockAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { stockAlerts } = app.services;
  app.addHook('onRequest', requireUser);
  const tags = ['stock alerts'];
  const security = [{ session: [] }];
  const response = { 200: stockAlertsResponse, '4xx': errorResponse };

  app.get(
    '/',
    { schema: { tags, security, summary: 'Products the shopper waits for', response } },
    async (request) => ({
      success: true as const,
      data: await stockAlerts.list(currentUser(request).id),
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Email me when this sold-out product (or size, with variantId) is back',
        description:
          "One email when its stock (or the size's) goes from 0 to more, then the request is done. 409 when it is in stock.",
        body: stockAlertBody,
        response,
      },
    },
    async (request) => ({
      success: true as const,
      data: await stockAlerts.add(
        currentUser(request).id,
        request.body.productId,
        request.body.variantId,
      ),
    }),
  );

  app.delete(
    '/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Stop waiting for a product (or one size of it, with ?variantId=)',
        params: stockAlertParams,
        querystring: stockAlertQuery,
        response,
      },
    },
    async (request) => ({
      success: true as const,
      data: await stockAlerts.remove(
        currentUser(request).id,
        request.params.productId,
        request.query.variantId,
      ),
    }),
  );
};

export default stockAlertsRoutes;
