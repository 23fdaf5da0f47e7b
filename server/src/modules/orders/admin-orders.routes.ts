import { shippingStatuses } from '@contract/auth';
import { errorResponse } from '@contract/common';
import {
  adminOrderListResponse,
  adminOrderResponse,
  adminOrdersQuery,
  orderIdParams,
  orderMessageResponse,
  updateOrderStatusBody,
} from '@contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { currentUser, hasPermission, requirePermission } from '../../plugins/sessions';
import { toApiOrder } from './order-answer';

/** What the orders.ship permission alone may set (issue 27). */
const SHIPPING_STATUSES = new Set<string>(shippingStatuses);

/** The admin's order screens under /api/admin/orders. */
const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, customers, shipments } = app.services;
  const tags = ['admin orders'];
  const security = [{ session: [] }];

  app.get(
    '/get',
    {
      onRequest: requirePermission('orders.view'),
      schema: {
        tags,
        security,
        summary: 'Orders, each with who placed it: searched, filtered, sorted and paged',
        description:
          "Without parameters: all orders newest first, page 1 of 50. search (up to 100 characters) matches the order number (#100042 or 100042), the email (the account's or the guest's) and the name; status, paymentStatus and the UTC days from and to (YYYY-MM-DD, both included) filter; sort is newest, oldest, total_desc or total_asc; page and limit (up to 100) page. pagination.total counts the matching orders.",
        querystring: adminOrdersQuery,
        response: { 200: adminOrderListResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { orders: list, pagination } = await orders.listAll(request.query);
      const placedBy = await customers.placedBy(list);
      const data = list.map((order, i) => ({ ...toApiOrder(order), customer: placedBy[i]! }));
      return { success: true as const, data, pagination };
    },
  );

  app.get(
    '/details/:id',
    {
      onRequest: requirePermission('orders.view'),
      schema: {
        tags,
        security,
        summary: 'One order, with who placed it and its internal notes (newest first)',
        params: orderIdParams,
        response: { 200: adminOrderResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [order, notes] = await Promise.all([orders.details(id), customers.orderNotes(id)]);
      const [customer] = await customers.placedBy([order]);
      return {
        success: true as const,
        data: { ...toApiOrder(order), customer: customer!, notes },
      };
    },
  );

  app.put(
    '/update/:id',
    {
      // A packer (orders.ship) may mark an order shipped or delivered; any other status needs
      // orders.update.
      onRequest: requirePermission('orders.update', 'orders.ship'),
      schema: {
        tags,
        security,
        summary: 'Set the fulfilment status of a paid order',
        description:
          'Allowed: pending, inProcess, inShipping, delivered, rejected. The shopper is emailed about each but pending; trackingNumber goes into the shipping email. delivered marks every parcel not marked yet delivered now; it is refused (409) for an order with no parcel or with items left to ship.',
        params: orderIdParams,
        body: updateOrderStatusBody,
        response: { 200: orderMessageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { orderStatus, trackingNumber } = request.body;
      const user = currentUser(request);
      if (!hasPermission(user, 'orders.update') && !SHIPPING_STATUSES.has(orderStatus)) {
        throw new AppError('FORBIDDEN', 'You may only mark orders as shipped or delivered');
      }
      // Delivered is the parcels' state: the shipments module marks them and then the order.
      const order =
        orderStatus === 'delivered'
          ? await shipments.deliverAll(request.params.id)
          : await orders.updateStatus(request.params.id, orderStatus, trackingNumber);
      return {
        success: true as const,
        data: toApiOrder(order),
        message: 'Order status is updated successfully!',
      };
    },
  );
};

export default adminOrdersRoutes;
