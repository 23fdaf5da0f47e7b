import { errorResponse, idParams, isId, messageResponse } from '@contract/common';
import { adminEmailsQuery, adminEmailsResponse } from '@contract/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requirePermission } from '../../plugins/sessions';

/** The admin's view of the outbox: what was sent, what waits, what failed and why. */
const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { email } = app.services;
  app.addHook('onRequest', requirePermission('content'));
  const tags = ['admin emails'];
  const security = [{ session: [] }];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Messages of the outbox, newest first (filter by status)',
        querystring: adminEmailsQuery,
        response: { 200: adminEmailsResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { counts, emails } = await email.list(request.query.status, request.query.limit);
      return { success: true as const, transport: email.transport, counts, data: emails };
    },
  );

  app.post(
    '/retry/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Send a failed message again',
        params: idParams,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = isId(id) ? await email.retry(id) : undefined;
      if (!row) throw new AppError('NOT_FOUND', 'No failed message with this id');
      return { success: true as const, message: 'The message will be sent again' };
    },
  );
};

export default emailRoutes;
