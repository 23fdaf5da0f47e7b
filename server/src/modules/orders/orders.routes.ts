import {
  cancelBody,
  captureBody,
  checkoutInfoResponse,
  createOrderBody,
  createOrderResponse,
  guestOrderDetails,
} from '@contract/checkout';
import { errorResponse } from '@contract/common';
import {
  captureResponse,
  orderIdParams,
  orderListResponse,
  orderMessageResponse,
  orderResponse,
  orderUserParams,
} from '@contract/orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { attemptBudget, bodyEmail, spend } from '../../lib/attempt-budgets';
import { guestKeyOf, requireUserOrGuest, shopperNamed } from '../../plugins/guests';
import { assertSelf, currentUser, requireUser } from '../../plugins/sessions';
import type { Caller } from './checkout.service';
import { toApiOrder } from './order-answer';

/**
 * The shopper's checkout and order history under /api/shop/order. With GUEST_CHECKOUT a visitor
 * checks out too (userId "guest", plus an email and an address), and pays or cancels the order
 * its cookie opened; its history is its emailed link (guest-orders.routes.ts).
 */
const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout, orders, payments } = app.services;
  const tags = ['orders'];
  const security = [{ session: [] }];
  const errors = { '4xx': errorResponse, '5xx': errorResponse };
  // A guest order reserves stock for half an hour and names any email: guests get the budgets
  // accounts get at sign-up, per address and per email.
  const perMinute = app.config.AUTH_RATE_LIMIT_PER_MINUTE;
  const guestBudgets = [
    attemptBudget(app, perMinute, (request) => `guest-order-ip:${request.ip}`),
    attemptBudget(app, perMinute, (request) => `guest-order-email:${bodyEmail(request)}`),
  ];
  const callerOf = (request: FastifyRequest): Caller => ({
    userId: request.user?.id,
    guestKey: app.config.GUEST_CHECKOUT ? guestKeyOf(request) : undefined,
  });

  app.post(
    '/create',
    {
      onRequest: requireUserOrGuest,
      schema: {
        tags,
        security,
        summary: 'Check out the cart: reserve stock, open a PayPal payment',
        description:
          'Lines, prices and total come from the cart and the catalogue; client-sent prices, totals and statuses are ignored. Answers the PayPal approval URL; an order of total 0 is paid at once, without PayPal, and answers the URL of its page. With GUEST_CHECKOUT a visitor sends userId "guest", `email` and a whole `addressInfo` (address, city, pincode, phone, notes, country, region).',
        body: createOrderBody,
        response: { 201: createOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const shopper = shopperNamed(request, reply, request.body.userId)!;
      let guest: ReturnType<typeof guestDetails> | undefined;
      if (shopper.kind === 'guest') {
        guest = guestDetails(request.body);
        await spend(guestBudgets, request, reply);
      }
      const result = await checkout.createOrder(shopper, request.body, guest);
      return reply.status(201).send({ success: true as const, ...result });
    },
  );

  app.post(
    '/capture',
    {
      onRequest: requireUserOrGuest,
      schema: {
        tags,
        security,
        summary: 'Capture the approved PayPal payment (idempotent)',
        description:
          'A guest’s paid order also answers `statusToken`, the link of its status page (/shop/order/{token}), where the return page sends the guest. A capture PayPal holds (its capture PENDING) answers 200 with paymentStatus `pending_capture` and the message "Payment pending at PayPal": it is not paid yet.',
        body: captureBody,
        response: { 200: captureResponse, ...errors },
      },
    },
    async (request) => {
      const order = await checkout.capture(callerOf(request), request.body);
      const data = toApiOrder(order);
      // A capture PayPal holds is answered as well, with its own status: it is not paid yet.
      const message =
        data.paymentStatus === 'pending_capture'
          ? 'Payment pending at PayPal'
          : 'Payment successful';
      if (!request.user && order.userId === null) {
        const statusToken = await orders.issueAccessToken(order.id);
        return { success: true as const, data, message, statusToken };
      }
      return { success: true as const, data, message };
    },
  );

  app.post(
    '/cancel',
    {
      onRequest: requireUserOrGuest,
      schema: {
        tags,
        security,
        summary: 'Cancel an order: a pending one is released, a paid one not yet shipped refunded',
        description: 'A guest cancels the pending order its cookie opened (PayPal’s Cancel).',
        body: cancelBody,
        response: { 200: orderMessageResponse, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // A shopper's paid order that has not shipped is cancelled with a refund (refunds module).
      // PayPal's Cancel names the order by its token alone: that one is still pending.
      const { orderId } = request.body;
      const refunded =
        orderId && caller.userId
          ? await app.services.refunds.cancelPaid(caller.userId, orderId)
          : undefined;
      const data = toApiOrder(refunded ?? (await checkout.cancel(caller, request.body)));
      const message = refunded
        ? 'Your order was cancelled and refunded'
        : 'Payment cancelled. Your order was cancelled and nothing was charged';
      return { success: true as const, data, message };
    },
  );

  app.get(
    '/list/:userId',
    {
      onRequest: requireUser,
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
      const list = await orders.listForUser(request.params.userId);
      return { success: true as const, data: list.map(toApiOrder) };
    },
  );

  app.get(
    '/details/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'One of the shopper’s own orders',
        params: orderIdParams,
        response: { 200: orderResponse, ...errors },
      },
    },
    async (request) => {
      const order = await orders.detailsForUser(currentUser(request).id, request.params.id);
      return { success: true as const, data: toApiOrder(order) };
    },
  );

  app.get(
    '/checkout-info',
    {
      onRequest: requireUserOrGuest,
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

/** A guest's email and address, checked as the saved-address form checks a shopper's (400 naming the field). */
function guestDetails(body: unknown) {
  // A field left out reads as one left empty ("addressInfo.name is required").
  const parsed = guestOrderDetails.safeParse(body, {
    error: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined,
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError(
    'INVALID_INPUT',
    `${issue?.path.join('.') || 'body'} ${issue?.message ?? 'is invalid'}`,
  );
}

export default ordersRoutes;
