import { errorResponse, messageResponse } from '@contract/common';
import {
  exportsPerHour,
  GUEST_PRIVACY_MESSAGE,
  guestErasedResponse,
  guestExportSchema,
  guestPrivacyBody,
  guestPrivacyLinkResponse,
  guestPrivacyParams,
} from '@contract/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attemptBudget, bodyEmail, spend } from '../../lib/attempt-budgets';
import { toApiOrder } from '../orders';

/**
 * A guest's privacy requests under /api/shop/order/privacy: asked by order number and email,
 * answered behind the link emailed to the order's address (the link is the credential, as the
 * status page's). Open whether or not GUEST_CHECKOUT is on now, as the status links are.
 */
const privacyGuestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guestPrivacy } = app.services;
  const tags = ['orders'];
  const errors = { '4xx': errorResponse, '5xx': errorResponse };
  // Mail to the email it names, as the lookup: budgets per address and per email, spent before
  // the body is validated, so malformed tries count too.
  const perMinute = app.config.AUTH_RATE_LIMIT_PER_MINUTE;
  const askBudgets = [
    attemptBudget(app, perMinute, (request) => `privacy-ask-ip:${request.ip}`),
    attemptBudget(app, perMinute, (request) => `privacy-ask-email:${bodyEmail(request)}`),
  ];
  // A link is a bearer credential: its uses are counted per address, as a status link's lookups.
  const linkBudget = [attemptBudget(app, perMinute, (request) => `privacy-link-ip:${request.ip}`)];
  const downloads = [
    app.createRateLimit({
      max: exportsPerHour,
      timeWindow: 3_600_000,
      keyGenerator: (request) => `privacy-guest-export:${request.ip}`,
    }),
  ];
  const private_ = (reply: { header(k: string, v: string): unknown }) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  };

  app.post(
    '/',
    {
      preValidation: (request, reply) => spend(askBudgets, request, reply),
      schema: {
        tags,
        summary: 'Ask for the data, or the erasure, of the guest orders placed with an email',
        description:
          'Order number and email, as the lookup, and `request`: download or erase. Always the same answer, at the same speed; a link is mailed only to the email the order was placed with, and only following it shows or erases anything. Rate limited per address and per email.',
        body: guestPrivacyBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const { orderNumber, email, request: asked } = request.body;
      // Looked up after the answer: the response time says nothing about the order.
      setImmediate(() => {
        guestPrivacy.request(orderNumber, email, asked).catch((error: unknown) => {
          request.log.error({ err: error }, 'guest privacy request failed');
        });
      });
      return { success: true as const, message: GUEST_PRIVACY_MESSAGE };
    },
  );

  app.get(
    '/:token',
    {
      preValidation: (request, reply) => spend(linkBudget, request, reply),
      schema: {
        tags,
        summary: 'What an emailed privacy link allows, and for which orders',
        description: '404 for any token that names no live link.',
        params: guestPrivacyParams,
        response: { 200: guestPrivacyLinkResponse, ...errors },
      },
    },
    async (request, reply) => {
      private_(reply);
      return { success: true as const, data: await guestPrivacy.describe(request.params.token) };
    },
  );

  app.get(
    '/:token/export',
    {
      preValidation: (request, reply) => spend([...linkBudget, ...downloads], request, reply),
      schema: {
        tags,
        summary: 'Download the guest orders of the link’s email and the mail about them (JSON)',
        description: `Art. 15 and 20. Either link (download or erasure) shows it. At most ${exportsPerHour} an hour per address.`,
        params: guestPrivacyParams,
        response: { 200: guestExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await guestPrivacy.export(request.params.token);
      const data = { ...found, orders: found.orders.map(toApiOrder) };
      private_(reply);
      reply.header(
        'content-disposition',
        `attachment; filename="my-order-data-${data.exportedAt.slice(0, 10)}.json"`,
      );
      return data;
    },
  );

  app.post(
    '/:token/erase',
    {
      preValidation: (request, reply) => spend(linkBudget, request, reply),
      schema: {
        tags,
        summary: 'Erase the personal data of the guest orders of the link’s email',
        description:
          'Only with an erasure link; 409 naming an order while one is paid and neither delivered nor refunded (nothing changes). Orders keep what tax law needs: number, dates, lines, amounts, country, region and postcode. The link then stops working.',
        params: guestPrivacyParams,
        response: { 200: guestErasedResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await guestPrivacy.erase(request.params.token);
      private_(reply);
      return {
        success: true as const,
        data,
        message: 'The personal data of your orders was erased',
      };
    },
  );
};

export default privacyGuestRoutes;
