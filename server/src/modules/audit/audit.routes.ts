import { auditListResponse, auditQuery } from '@contract/audit';
import { errorResponse } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../plugins/sessions';

/** The audit log under /api/admin/audit: read only; entries are written by the audit plugin. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app.services;
  app.addHook('onRequest', requirePermission('staff'));

  app.get(
    '/',
    {
      schema: {
        tags: ['admin audit'],
        security: [{ session: [] }],
        summary: 'Audit log entries, newest first (filters: entity, id, actor, from, to; paged)',
        description:
          'actor is an account id, an email, or `cli`; from and to are UTC days (YYYY-MM-DD), both included. before and after hold the changed fields of an edit, the whole entity of a create or delete.',
        querystring: auditQuery,
        response: { 200: auditListResponse, '4xx': errorResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await audit.list(request.query)) }),
  );
};

export default auditRoutes;
