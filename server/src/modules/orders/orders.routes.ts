import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../../contract/common';
import {
  cancelBody,
  captureBody,
  checkoutInfoResponse,
  createOrderBody,
  createOrderResponse,
  orderIdParams,
  orderListResponse,
  orderMessageResponse,
  orderResponse,
  orderUserParams,
} from '../../../../contract/orders';
import { assertSelf, currentUser, requireUser } from '../../plugins/sessions';

/** The shopper's checkout and order history under /api/shop/order. */
const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout, orders, payments } = app.services;
  app.addHook('onRequest', requireUser);
  const tags = ['orders'];
  const security = [{ session: [] }];
  const errors = { '4xx': errorResponse, '5xx': errorResponse };

  app.post(
    '/create',
    {
      schema: {
        tags,
        security,
        summary: 'Check out the cart: reserve stock, open a PayPal payment',
        description:
          'Lines, prices and total come from the cart and the catalogue; client-sent prices, totals and statuses are ignored. Answers the PayPal approval URL.',
        body: createOrderBody,
        response: { 201: createOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      assertSelf(request, request.body.userId);
      const result = await checkout.createOrder(request.body.userId, request.body);
      return reply.status(201).send({ success: true as const, ...result });
    },
  );

  app.post(
    '/capture',
    {
      schema: {
        tags,
        security,
        summary: 'Capture the approved PayPal payment (idempotent)',
        body: captureBody,
        response: { 200: orderMessageResponse, ...errors },
      },
    },
    async (request) => {
      const data = await checkout.capture(currentUser(request).id, request.body);
      return { success: true as const, data, message: 'Payment successful' };
    },
  );

  app.post(
    '/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel an order: a pending one is released, a paid one not yet shipped refunded',
        body: cancelBody,
        response: { 200: orderMessageResponse, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      // A paid order that has not shipped is cancelled with a refund (refunds module).
      // PayPal's Cancel names the order by its token alone: that one is still pending.
      const { orderId } = request.body;
      const refunded = orderId ? await app.services.refunds.cancelPaid(userId, orderId) : undefined;
      const data = refunded ?? (await checkout.cancel(userId, request.body));
      const message = refunded
        ? 'Your order was cancelled and refunded'
        : 'Payment cancelled. Your order was cancelled and nothing was charged';
      return { success: true as const, data, message };
    },
  );

  app.get(
    '/list/:userId',
    {
      schema: {
        tags,
        security,
        summary: "The shopper's orders, newest first",
        params: orderUserParams,
        response: { 200: orderListResponse, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return { success: true as const, data: await orders.listForUser(request.params.userId) };
    },
  );

  app.get(
    '/details/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One of the shopper’s own orders',
        params: orderIdParams,
        response: { 200: orderResponse, ...errors },
      },
    },
    async (request) => {
      const data = await orders.detailsForUser(currentUser(request).id, request.params.id);
      return { success: true as const, data };
    },
  );

  app.get(
    '/checkout-info',
    {
      schema: {
        tags,
        security,
        summary: 'How checkout pays: whether it is a sandbox, and the chat link',
        response: { 200: checkoutInfoResponse, ...errors },
      },
    },
    async () => {
      const number = app.config.whatsappNumber;
      return {
        success: true as const,
        data: {
          paymentProvider: 'paypal' as const,
          isSandbox: payments.isSandbox,
          chatUrl: number ? `https://wa.me/${number}` : null,
        },
      };
    },
  );
};

export default ordersRoutes;
