import { errorResponse } from '@contract/common';
import { orderIdParams, orderMessageResponse } from '@contract/orders';
import { createShipmentBody, deliverShipmentBody, shipmentParams } from '@contract/shipments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requirePermission } from '../../plugins/sessions';
import { toApiOrder } from '../orders';

/** The admin's shipments, under /api/admin/orders beside the other order screens. */
const adminShipmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shipments } = app.services;
  // onRequest: the session is checked before the body is even parsed.
  app.addHook('onRequest', requirePermission('orders.ship'));

  app.post(
    '/:id/shipments',
    {
      schema: {
        tags: ['admin orders'],
        security: [{ session: [] }],
        summary: 'Ship lines of a paid order, with the carrier and its tracking',
        description:
          "lines: [{ lineId, quantity }] (the order lines' lineId); carrier: ups, usps, fedex, dhl, dpd, royalMail or other; trackingUrl (https) is required for other and otherwise replaces the link built from the carrier's pattern. A line never ships more than was ordered (409). Every line shipped moves the order to inShipping, a first partial parcel to inProcess; the shopper is emailed the parcel's tracking link. Answers the updated order.",
        params: orderIdParams,
        body: createShipmentBody,
        response: { 201: orderMessageResponse, '4xx': errorResponse, '5xx': errorResponse },
      },
    },
    async (request, reply) => {
      const order = await shipments.create(
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({
        success: true as const,
        data: toApiOrder(order),
        message: 'Shipment recorded',
      });
    },
  );

  app.post(
    '/:id/shipments/:shipmentId/delivered',
    {
      schema: {
        tags: ['admin orders'],
        security: [{ session: [] }],
        summary: 'Mark a parcel delivered',
        description:
          'deliveredAt (ISO, not in the future, not before the parcel left) defaults to now; a parcel marked before keeps its date (idempotent). The order is delivered when its last parcel is and nothing is left to ship, its deliveredAt that parcel’s: the withdrawal period counts from it. 404 for a parcel of another order. Answers the updated order.',
        params: shipmentParams,
        body: deliverShipmentBody.nullish(),
        response: { 200: orderMessageResponse, '4xx': errorResponse, '5xx': errorResponse },
      },
    },
    async (request) => {
      const { id, shipmentId } = request.params;
      const at = request.body?.deliveredAt;
      const order = await shipments.deliverParcel(id, shipmentId, at ? new Date(at) : undefined);
      return { success: true as const, data: toApiOrder(order), message: 'Parcel delivered' };
    },
  );
};

export default adminShipmentsRoutes;
