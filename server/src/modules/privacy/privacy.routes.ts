import { errorResponse } from '@contract/common';
import {
  accountDeletedResponse,
  accountExportSchema,
  deleteAccountBody,
  exportsPerHour,
} from '@contract/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attemptBudget, spend } from '../../lib/attempt-budgets';
import { clearSessionCookie, currentUser, requireUser } from '../../plugins/sessions';
import { toApiOrder } from '../orders';

const userKey = (prefix: string) => (request: { user: { id: string } | null; ip: string }) =>
  `${prefix}:${request.user?.id ?? request.ip}`;

/** The shopper's privacy requests under /api/shop/account: their data, and deleting it. */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { privacy } = app.services;
  app.addHook('onRequest', requireUser);
  const tags = ['account'];
  const security = [{ session: [] }];
  // A download reads every table of the account: a few an hour is plenty for a person.
  const exports = app.createRateLimit({
    max: exportsPerHour,
    timeWindow: 3_600_000,
    keyGenerator: userKey('privacy-export'),
  });
  // A password check, limited like sign-in: per account and per address.
  const perMinute = app.config.AUTH_RATE_LIMIT_PER_MINUTE;
  const deletes = [
    attemptBudget(app, perMinute, userKey('privacy-delete')),
    attemptBudget(app, perMinute, (request) => `auth-ip:${request.ip}`),
  ];

  app.get(
    '/export',
    {
      schema: {
        tags,
        security,
        summary: 'Download everything the shop holds about the signed-in account (JSON)',
        description: `Profile, addresses, orders with lines, shipments and returns, reviews, saved items, stock alerts, saved sizes, emails sent (kind, subject, dates) and the shop's notes. Never the password hash. At most ${exportsPerHour} an hour (429).`,
        response: { 200: accountExportSchema, '4xx': errorResponse },
      },
      preHandler: (request, reply) => spend([exports], request, reply),
    },
    async (request, reply) => {
      const found = await privacy.export(currentUser(request).id);
      const data = { ...found, orders: found.orders.map(toApiOrder) };
      const day = data.exportedAt.slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    '/delete',
    {
      schema: {
        tags,
        security,
        summary: 'Delete the signed-in account (its password confirms)',
        description:
          'A wrong password answers 401 and changes nothing; attempts are limited like sign-in (429). Personal data is erased, orders kept without name, email, phone or address, reviews kept under "Former customer", every session ends, and a confirmation goes to the old address.',
        body: deleteAccountBody,
        response: { 200: accountDeletedResponse, '4xx': errorResponse },
      },
      preHandler: (request, reply) => spend(deletes, request, reply),
    },
    async (request, reply) => {
      await privacy.deleteOwn(currentUser(request).id, request.body.password);
      clearSessionCookie(reply);
      return { success: true as const, message: 'Your account was deleted and you are signed out' };
    },
  );
};

export default privacyRoutes;
